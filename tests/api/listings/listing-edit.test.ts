// PATCH /api/listings/{id}: the seller edits every field and the photos of a listing that exists, against the version
// the edit started from (docs/product.md §11, decision 0016).
import { randomUUID } from 'node:crypto'
import { access } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '../../../api/contract/listing.ts'
import { MEASUREMENT_FIELDS, type MeasurementField } from '../../../api/contract/measurements.ts'
import type { Tx } from '../../../api/db/client.ts'
import { createListingService } from '../../../api/services/listings/listings.ts'
import { createLocalStorage } from '../../../api/services/listings/local-storage.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from '../../helpers/test-app.ts'
import { placeOnEbay } from '../../helpers/places.ts'

let t: TestApp & { photosDir: string }
let alice: ReturnType<typeof client>
let bob: ReturnType<typeof client>
let aliceId: number

beforeAll(async () => {
  t = await createTestApp()
  alice = client(t.app)
  bob = client(t.app)
  aliceId = (await readJson(await alice.post('/api/register', newUser('alice')))).id
  await bob.post('/api/register', newUser('bob'))
})
afterAll(() => t.close())

let shade = 0
/** A photo of its own (stored photos are named by their content, so each gets another colour). */
async function uploadPhoto(user = alice): Promise<string> {
  shade += 1
  const response = await user.post(
    '/api/images',
    photoForm(await solidJpeg({ r: (shade * 37) % 256, g: (shade * 91) % 256, b: 200 }), { id: randomUUID() }),
  )
  expect(response.status).toBe(201)
  return (await readJson(response)).imageUrl
}

const fields = (images: string[]) => ({
  title: 'Pyrex bowl',
  description: 'No chips.',
  price: 40,
  medianUsedPrice: 22,
  askingPrice: 24.5,
  quantity: 1,
  category: 'home' as const,
  keywords: ['pyrex', 'bowl'],
  gtin: '',
  color: 'white' as const,
  images,
  brand: 'Pyrex',
  size: '',
  type: 'Vintage',
  sizeType: '',
  department: '',
  ebayProductId: '',
  author: '',
  bookFormat: '',
  publisher: '',
  publicationYear: '',
  packageWeightOz: 0,
  packageLength: 0,
  packageWidth: 0,
  packageHeight: 0,
  ...(Object.fromEntries([...MEASUREMENT_FIELDS, 'measurementUnit'].map((field) => [field, ''])) as Record<
    MeasurementField | 'measurementUnit',
    ''
  >),
  cost: null,
  sku: '',
  bin: '',
  boughtAt: null,
  boughtWhere: '',
  privateNotes: '',
})

async function newListing(photoCount = 2): Promise<Listing> {
  const images = await Promise.all(Array.from({ length: photoCount }, () => uploadPhoto()))
  const response = await alice.post('/api/listings', fields(images))
  expect(response.status).toBe(201)
  return (await readJson(response)) as Listing
}

const patch = (user: ReturnType<typeof client>, id: number, body: unknown) =>
  user.call('PATCH', `/api/listings/${id}`, body)
const stored = async (id: number) =>
  (await t.db.sql<Listing[]>`select title, version, images from listings where id = ${id}`)[0]!
const fileExists = (url: string) =>
  access(path.join(t.photosDir, url.replace(/^\/files\//, ''))).then(
    () => true,
    () => false,
  )

describe('PATCH /api/listings/{id}', () => {
  it('changes every field and the photos (reordered, one removed, one added), counts a version, and deletes the removed photo', async () => {
    const listing = await newListing(3)
    expect(listing.version).toBe(1)
    const added = await uploadPhoto()
    const [first, second, third] = listing.images as [string, string, string]
    const edit = {
      ...fields([third, first, added]),
      title: 'Pyrex mixing bowl 2 qt',
      description: 'Small scratch inside.',
      askingPrice: 19.99,
      quantity: 2,
      keywords: ['pyrex'],
      color: 'blue',
      brand: 'Corning',
      size: '2 qt',
      category: 'collectibles',
      version: 1,
    }
    const response = await patch(alice, listing.id, edit)
    expect(response.status, await response.clone().text()).toBe(200)
    const edited = (await readJson(response)) as Listing
    expect(edited).toMatchObject({
      title: 'Pyrex mixing bowl 2 qt',
      askingPrice: 19.99,
      quantity: 2,
      color: 'blue',
      images: [third, first, added],
      version: 2,
    })
    expect(
      (await readJson(await alice.get('/api/listings'))).find((row: Listing) => row.id === listing.id),
    ).toMatchObject({ title: 'Pyrex mixing bowl 2 qt', version: 2 })
    // The photo the edit took away is used by no other listing: its row and its file are gone, the others stay.
    expect(await t.db.sql`select 1 from images where url = ${second}`).toHaveLength(0)
    expect(await fileExists(second)).toBe(false)
    expect(await fileExists(third)).toBe(true)
  })

  it('refuses an edit made against an older version with 409 and the listing as it is now, changing nothing', async () => {
    const listing = await newListing()
    expect(
      (await patch(alice, listing.id, { ...fields(listing.images), title: 'From the phone', version: 1 })).status,
    ).toBe(200)
    const stale = await patch(alice, listing.id, { ...fields(listing.images), title: 'From the tablet', version: 1 })
    expect(stale.status).toBe(409)
    const body = await readJson(stale)
    expect(body.code).toBe('listing_edit_conflict')
    expect(body.current).toMatchObject({ id: listing.id, title: 'From the phone', version: 2 })
    expect(await stored(listing.id)).toMatchObject({ title: 'From the phone', version: 2 })

    // Keep mine: the same edit against the version the server showed.
    const kept = await patch(alice, listing.id, { ...fields(listing.images), title: 'From the tablet', version: 2 })
    expect(kept.status).toBe(200)
    expect(await stored(listing.id)).toMatchObject({ title: 'From the tablet', version: 3 })
  })

  it('answers an edit sent again after its reply was lost with the listing, without counting it twice', async () => {
    const listing = await newListing()
    const edit = { ...fields(listing.images), title: 'Sent twice', version: 1 }
    expect((await patch(alice, listing.id, edit)).status).toBe(200)
    const again = await patch(alice, listing.id, edit)
    expect(again.status).toBe(200)
    expect(await readJson(again)).toMatchObject({ title: 'Sent twice', version: 2 })
  })

  it('counts changes made by late AI suggestions too, so an edit that started before them is a conflict', async () => {
    const images = [await uploadPhoto()]
    const listing = (await readJson(await alice.post('/api/listings', { ...fields(images), brand: '' }))) as Listing
    const filled = await alice.post(`/api/listings/${listing.id}/fill-empty`, { brand: 'Pyrex' })
    expect((await readJson(filled)).listing.version).toBe(2)
    const stale = await patch(alice, listing.id, { ...fields(images), brand: '', title: 'Typed offline', version: 1 })
    expect(stale.status).toBe(409)
    expect((await readJson(stale)).current).toMatchObject({ brand: 'Pyrex', title: 'Pyrex bowl' })
  })

  it("refuses photos that are not the seller's own stored photos, naming the field, and changes nothing", async () => {
    const listing = await newListing(1)
    const bobsPhoto = await uploadPhoto(bob)
    for (const images of [
      [bobsPhoto],
      ['https://elsewhere.example/photo.jpg'],
      [...listing.images, '/files/u1/made-up.jpg'],
    ]) {
      const response = await patch(alice, listing.id, { ...fields(images), version: 1 })
      expect(response.status).toBe(400)
      expect((await readJson(response)).fields).toEqual({ images: 'Every image must be a photo uploaded to Snaplist' })
    }
    expect(await stored(listing.id)).toMatchObject({ title: 'Pyrex bowl', version: 1, images: listing.images })
  })

  it('refuses what the create form refuses, under the field it names', async () => {
    const listing = await newListing(1)
    const response = await patch(alice, listing.id, {
      ...fields(listing.images),
      title: '  ',
      askingPrice: '1.234',
      version: 1,
    })
    expect(response.status).toBe(400)
    expect((await readJson(response)).fields).toMatchObject({
      title: 'Title is required',
      askingPrice: 'Price can have at most 2 decimals (dollars and cents)',
    })
    const noVersion = await patch(alice, listing.id, fields(listing.images))
    expect(noVersion.status).toBe(400)
    expect((await readJson(noVersion)).fields).toHaveProperty('version')
    expect(await stored(listing.id)).toMatchObject({ title: 'Pyrex bowl', version: 1 })
  })

  it("answers 404 for another seller's listing and for one that does not exist", async () => {
    const listing = await newListing(1)
    const bobsPhoto = await uploadPhoto(bob)
    expect((await patch(bob, listing.id, { ...fields([bobsPhoto]), version: 1 })).status).toBe(404)
    expect((await patch(alice, 999_999, { ...fields(listing.images), version: 1 })).status).toBe(404)
    expect(await stored(listing.id)).toMatchObject({ title: 'Pyrex bowl', version: 1 })
  })
})

describe('an edit of a listing live on eBay', () => {
  it('asks for a revision inside each edit that changes something, with the listing as edited (the eBay side skips a listing never posted there)', async () => {
    const requested: { title: string; version: number; inTransaction: boolean }[] = []
    const service = createListingService(t.db.sql, createLocalStorage(t.photosDir), 'https://www.ebay.com/itm/', {
      marketplaces: [
        {
          id: 'ebay',
          isLive: () => false,
          async requestRevision(tx: Tx, listing: Listing) {
            // Inside the edit's transaction: the row is this transaction's to change (locked for anyone else).
            const [row] = await tx<{ title: string }[]>`select title from listings where id = ${listing.id}`
            requested.push({
              title: listing.title,
              version: listing.version,
              inTransaction: row!.title === listing.title,
            })
          },
        },
      ],
    })
    const live = await newListing(1)
    await placeOnEbay(t.db.sql, live.id, 'live', '110001')
    const ready = await newListing(1)

    await service.update(aliceId, live.id, { ...fields(live.images), title: 'Revised on eBay', version: 1 })
    await service.update(aliceId, live.id, { ...fields(live.images), title: 'Revised on eBay', version: 1 })
    await service.update(aliceId, ready.id, { ...fields(ready.images), title: 'Only on Snaplist', version: 1 })
    expect(requested).toEqual([
      { title: 'Revised on eBay', version: 2, inTransaction: true },
      { title: 'Only on Snaplist', version: 2, inTransaction: true },
    ])
  })
})
