// A haul over the offline store (fake-indexeddb): items are drafts placed in order, a photo moves between items with
// its outbox entries, each item's photos are analysed together (again when they change: issue 17), and a library's
// photos split into items by capture time.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from '../../api/contract/photos.ts'
import { exifCaptureTime } from '../../src/offline/capture-time.ts'
import { SnaplistDb } from '../../src/offline/db.ts'
import {
  createHaulStore,
  groupByCaptureTime,
  isAnalysed,
  ITEM_SETTLE_MS,
  type HaulStore,
} from '../../src/offline/hauls.ts'
import type { NewPhoto } from '../../src/offline/draft-photo-writes.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'
import { spreadCents } from '../../api/contract/spread-cents.ts'
import { takenAtJpeg } from '../helpers/images.ts'

const USER = 7
let db: SnaplistDb
let haul: HaulStore
const haulId = randomUUID()

const photo = (): NewPhoto => ({
  id: randomUUID(),
  blob: new Blob(['jpeg']),
  thumbnail: new Blob(['thumb']),
  width: 4,
  height: 3,
})

/** What the outbox will do for the draft: each photo's upload by photo id, and 'analyse all' for the analysis of all of them. */
async function plan(draftId: string) {
  const entries = await db.outbox.where({ draftId }).toArray()
  return entries
    .map((entry) =>
      entry.kind === 'analyze-draft' ? 'analyse all' : entry.photoId ? `${entry.kind} ${entry.photoId}` : entry.kind,
    )
    .sort()
}
const uploads = (...photos: NewPhoto[]) => photos.map((photo) => `upload-photo ${photo.id}`)

beforeEach(async () => {
  db = new SnaplistDb(`haul-${randomUUID()}`)
  haul = createHaulStore(db, USER)
})
afterEach(() => db.delete())

describe('capturing a haul', () => {
  it('makes each item a draft of the haul from its first photo, in order, to be analysed once, all its photos together', async () => {
    const [first, second, third] = [photo(), photo(), photo()]
    const [itemA, itemB] = [randomUUID(), randomUUID()]
    await haul.addPhotos(haulId, itemA, [first])
    await haul.addPhotos(haulId, itemA, [second])
    await haul.addPhotos(haulId, itemB, [third])

    const items = await haul.items(haulId)
    expect(items.map((item) => [item.id, item.haulPosition, item.photoIds])).toEqual([
      [itemA, 1, [first.id, second.id]],
      [itemB, 2, [third.id]],
    ])
    expect(items.every((item) => item.state === 'editing' && item.userId === USER)).toBe(true)
    expect(await plan(itemA)).toEqual(['analyse all', ...uploads(first, second)].sort())
    expect(await plan(itemB)).toEqual(['analyse all', ...uploads(third)].sort())
  })

  it('keeps Next item on the phone: the last item is marked moved on from until a photo is added to it again', async () => {
    const [itemA, itemB] = [randomUUID(), randomUUID()]
    await haul.addPhotos(haulId, itemA, [photo()])
    await haul.startNextItem(haulId)
    expect((await db.drafts.get(itemA))!.nextItemStarted).toBe(true)
    // The seller picks item A again and adds to it: it is the current one again.
    await haul.addPhotos(haulId, itemA, [photo()])
    expect((await db.drafts.get(itemA))!.nextItemStarted).toBe(false)
    // Next item, then the new item's first photo: the new one is last and open, the one before stays moved on from.
    await haul.startNextItem(haulId)
    await haul.addPhotos(haulId, itemB, [photo()])
    expect((await haul.items(haulId)).map((item) => [item.id, item.nextItemStarted ?? false])).toEqual([
      [itemA, true],
      [itemB, false],
    ])
  })

  it('refuses a ninth photo for one item and leaves the item as it was', async () => {
    const item = randomUUID()
    await haul.addPhotos(haulId, item, Array.from({ length: MAX_IMAGES }, photo))
    await expect(haul.addPhotos(haulId, item, [photo()])).rejects.toThrow(MAX_IMAGES_MESSAGE)
    expect((await db.drafts.get(item))!.photoIds).toHaveLength(MAX_IMAGES)
    expect(await db.photos.where({ draftId: item }).count()).toBe(MAX_IMAGES)
  })

  it('moves a cover to another item: the photo and its entry go along, and both items are analysed as they are now', async () => {
    const [cover, back, other] = [photo(), photo(), photo()]
    const [itemA, itemB] = [randomUUID(), randomUUID()]
    await haul.addPhotos(haulId, itemA, [cover])
    await haul.addPhotos(haulId, itemA, [back])
    await haul.addPhotos(haulId, itemB, [other])

    expect(await haul.movePhoto(cover.id, itemB)).toBe(true)
    expect((await db.drafts.get(itemA))!.photoIds).toEqual([back.id])
    expect((await db.drafts.get(itemB))!.photoIds).toEqual([other.id, cover.id])
    expect((await db.photos.get(cover.id))!.draftId).toBe(itemB)
    // One analysis each, of the photos the item has now.
    expect(await plan(itemA)).toEqual(['analyse all', ...uploads(back)].sort())
    expect(await plan(itemB)).toEqual(['analyse all', ...uploads(other, cover)].sort())
  })

  it('analyses an analysed item again when a photo is added or removed (what it read may have changed), once', async () => {
    const [cover, back] = [photo(), photo()]
    const item = randomUUID()
    await haul.addPhotos(haulId, item, [cover, back])
    // Both photos were sent and analysed already.
    await db.outbox.where({ draftId: item }).delete()
    await db.drafts.update(item, { analysis: { title: 'Bowl' } as never })
    expect(isAnalysed((await db.drafts.get(item))!, [])).toBe(true)

    await haul.removePhoto(item, back.id)
    expect(await plan(item)).toEqual(['analyse all'])
    expect(isAnalysed((await db.drafts.get(item))!, await db.outbox.toArray())).toBe(false)
    await haul.addPhotos(haulId, item, [back])
    await haul.removePhoto(item, cover.id)
    expect(await plan(item)).toEqual(['analyse all', ...uploads(back)].sort())
  })

  it("waits a few seconds for the item's next photo before analysing it, and no longer once the next item begins", async () => {
    let clock = Date.UTC(2026, 10, 21, 14)
    const timed = createHaulStore(db, USER, () => clock)
    const [itemA, itemB] = [randomUUID(), randomUUID()]
    const due = async (draftId: string) =>
      (await db.outbox
        .where({ draftId })
        .filter((entry) => entry.kind === 'analyze-draft')
        .first())!.nextAttemptAt
    await timed.addPhotos(haulId, itemA, [photo()])
    expect(await due(itemA)).toBe(clock + ITEM_SETTLE_MS)
    clock += 3_000
    await timed.addPhotos(haulId, itemA, [photo()])
    expect(await due(itemA)).toBe(clock + ITEM_SETTLE_MS)
    clock += 2_000
    await timed.addPhotos(haulId, itemB, [photo()])
    expect(await due(itemA)).toBe(clock)
    expect(await due(itemB)).toBe(clock + ITEM_SETTLE_MS)
  })

  it('keeps a wait for a busy AI when a photo is added to an item whose analysis waits', async () => {
    const item = randomUUID()
    await haul.addPhotos(haulId, item, [photo()])
    const later = Date.now() + 120_000
    await db.outbox
      .where({ draftId: item })
      .filter((entry) => entry.kind === 'analyze-draft')
      .modify({ nextAttemptAt: later, lastCode: 'analysis_busy' })
    await haul.addPhotos(haulId, item, [photo()])
    const analyses = await db.outbox
      .where({ draftId: item })
      .filter((entry) => entry.kind === 'analyze-draft')
      .toArray()
    expect(analyses.map((entry) => [entry.nextAttemptAt, entry.lastCode])).toEqual([[later, 'analysis_busy']])
  })

  it('moves a photo into a new item at the end, and an item left without photos goes', async () => {
    const [only, other] = [photo(), photo()]
    const [itemA, itemB, fresh] = [randomUUID(), randomUUID(), randomUUID()]
    await haul.addPhotos(haulId, itemA, [only])
    await haul.addPhotos(haulId, itemB, [other])

    expect(await haul.movePhoto(only.id, fresh)).toBe(true)
    expect((await haul.items(haulId)).map((item) => [item.id, item.haulPosition])).toEqual([
      [itemB, 2],
      [fresh, 3],
    ])
    expect(await db.drafts.get(itemA)).toBeUndefined()
    expect(await plan(fresh)).toEqual(['analyse all', ...uploads(only)].sort())
  })

  it('makes a barcode scanned before any photo an item of the haul, which its photos then join, looked up once', async () => {
    const [earlier, scannedItem] = [randomUUID(), randomUUID()]
    await haul.addPhotos(haulId, earlier, [photo()])
    await haul.scanned(haulId, scannedItem, '9780134685991')
    const cover = photo()
    await haul.addPhotos(haulId, scannedItem, [cover])
    const items = await haul.items(haulId)
    expect(items.map((item) => [item.id, item.haulPosition])).toEqual([
      [earlier, 1],
      [scannedItem, 2],
    ])
    expect(items[1]).toMatchObject({
      fields: expect.objectContaining({ gtin: '9780134685991' }),
      barcode: { code: '9780134685991', state: 'waiting' },
      photoIds: [cover.id],
    })
    expect(await plan(scannedItem)).toEqual(['analyse all', 'lookup-product', ...uploads(cover)].sort())
  })

  it('refuses a scan into an item already being created, and leaves it as it was', async () => {
    const item = randomUUID()
    await haul.addPhotos(haulId, item, [photo()])
    await db.drafts.update(item, { state: 'queued' })
    await expect(haul.scanned(haulId, item, '9780134685991')).rejects.toThrow('start the next item')
    expect((await db.drafts.get(item))!.barcode).toBeUndefined()
  })

  it('does not move photos of an item already submitted, nor into one', async () => {
    const [a, b] = [photo(), photo()]
    const [itemA, itemB] = [randomUUID(), randomUUID()]
    await haul.addPhotos(haulId, itemA, [a])
    await haul.addPhotos(haulId, itemB, [b])
    await db.drafts.update(itemB, { state: 'queued' })
    expect(await haul.movePhoto(a.id, itemB)).toBe(false)
    expect(await haul.movePhoto(b.id, itemA)).toBe(false)
    expect((await db.drafts.get(itemA))!.photoIds).toEqual([a.id])
  })

  it('creates all ready: only the items whose suggestions are in, each queued once', async () => {
    const [analysed, waiting] = [randomUUID(), randomUUID()]
    const [first, second] = [photo(), photo()]
    await haul.addPhotos(haulId, analysed, [first])
    await haul.addPhotos(haulId, waiting, [second])
    await db.outbox.where({ draftId: analysed }).delete()
    await db.drafts.update(analysed, { analysis: { imageId: first.id } as never })

    expect(await haul.submitAnalysed(haulId)).toBe(1)
    expect(await haul.submitAnalysed(haulId)).toBe(0)
    expect((await db.drafts.get(analysed))!.state).toBe('queued')
    expect((await db.drafts.get(waiting))!.state).toBe('editing')
    expect(
      await db.outbox
        .where({ draftId: analysed })
        .filter((entry) => entry.kind === 'create-listing')
        .count(),
    ).toBe(1)
  })

  it('shows another account nothing of the haul', async () => {
    await haul.addPhotos(haulId, randomUUID(), [photo()])
    expect(await createHaulStore(db, USER + 1).items(haulId)).toEqual([])
  })
})

describe('photos from the library', () => {
  it('reads when a photo was taken from its EXIF DateTimeOriginal', async () => {
    const jpeg = await takenAtJpeg('2026:11:21 14:03:07')
    const bytes = jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.length) as ArrayBuffer
    expect(exifCaptureTime(bytes)).toBe(new Date(2026, 10, 21, 14, 3, 7).getTime())
    expect(exifCaptureTime(new ArrayBuffer(10))).toBeUndefined()
  })

  it('splits photos into items where more than a minute passed between two, whatever order they came in', () => {
    const at = (minute: number, second: number) => ({
      takenAt: Date.UTC(2026, 10, 21, 14, minute, second),
      name: `${minute}:${second}`,
    })
    const photos = [
      at(0, 0),
      at(0, 20),
      at(0, 45),
      at(1, 30),
      at(5, 0),
      at(5, 10),
      at(5, 40),
      at(6, 20),
      at(20, 0),
      at(20, 5),
      at(20, 50),
      at(21, 30),
    ]
    const groups = groupByCaptureTime([...photos].reverse())
    expect(groups.map((group) => group.map((entry) => entry.name))).toEqual([
      ['0:0', '0:20', '0:45', '1:30'],
      ['5:0', '5:10', '5:40', '6:20'],
      ['20:0', '20:5', '20:50', '21:30'],
    ])
  })

  it('starts a new item once one is full', () => {
    const burst = Array.from({ length: MAX_IMAGES + 2 }, (_, index) => ({ takenAt: index * 1000 }))
    expect(groupByCaptureTime(burst).map((group) => group.length)).toEqual([MAX_IMAGES, 2])
  })
})

describe("a haul's receipt", () => {
  it('is shared in whole cents that add up to what was paid: evenly, or by the prices the items are listed at', () => {
    expect(spreadCents(1000, [1, 1, 1])).toEqual([334, 333, 333])
    expect(spreadCents(1000, [30, 10, 0])).toEqual([750, 250, 0])
    expect(spreadCents(999, [1, 2, 3, 4])).toEqual([100, 200, 300, 399])
    // No prices at all: evenly.
    expect(spreadCents(500, [0, 0])).toEqual([250, 250])
    for (const weights of [
      [1, 1, 1, 1, 1, 1, 1],
      [3.5, 12, 0.99, 7],
    ])
      expect(spreadCents(12_345, weights).reduce((sum, share) => sum + share, 0)).toBe(12_345)
  })

  it("becomes the Cost of each item still to be listed, the seller's own value from then on", async () => {
    const [itemA, itemB, itemC] = [randomUUID(), randomUUID(), randomUUID()]
    for (const item of [itemA, itemB, itemC]) await haul.addPhotos(haulId, item, [photo()])
    const drafts = createDraftStore(db, USER)
    await drafts.editFields(itemA, { askingPrice: '30' })
    await drafts.editFields(itemB, { askingPrice: '10' })
    await drafts.editFields(itemC, { askingPrice: '' })
    await db.drafts.update(itemC, { aiFilled: ['cost'] })

    expect(await haul.spreadReceipt(haulId, 2000, 'price')).toBe(3)
    const costs = async () => (await haul.items(haulId)).map((item) => item.fields.cost)
    expect(await costs()).toEqual(['15.00', '5.00', '0.00'])
    expect((await db.drafts.get(itemC))!.edited).toContain('cost')
    expect((await db.drafts.get(itemC))!.aiFilled).not.toContain('cost')

    // An item already handed to the outbox keeps its cost.
    await db.drafts.update(itemA, { state: 'queued' })
    expect(await haul.spreadReceipt(haulId, 1001, 'evenly')).toBe(2)
    expect(await costs()).toEqual(['15.00', '5.01', '5.00'])
  })
})
