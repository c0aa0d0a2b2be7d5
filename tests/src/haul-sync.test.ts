// A haul's items analysed in the background by the sync engine (docs/product.md §17): each item's photos together once
// they are uploaded (§12), a few items at a time, and when the AI says it is busy the analyses not yet asked wait with
// it instead of each asking in turn.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { AnalysisResult, DraftAnalysis } from '../../api/contract/analysis.ts'
import { EMPTY_SUGGESTION } from '../../api/contract/listing-suggestion.ts'
import { ApiError } from '../../src/offline/api-error.ts'
import { SnaplistDb } from '../../src/offline/db.ts'
import { describeDraft } from '../../src/offline/draft-status.ts'
import { createHaulStore, isAnalysed, ITEM_SETTLE_MS } from '../../src/offline/hauls.ts'
import { createSyncEngine } from '../../src/offline/outbox-sender.ts'
import type { SyncTransport } from '../../src/offline/transport.ts'

const USER = 3
let db: SnaplistDb
let clock: number
const ai = { busy: false, calls: 0, running: 0, peak: 0 }

const result = (id: string): AnalysisResult => ({
  ...EMPTY_SUGGESTION,
  title: 'Pyrex bowl',
  imageId: id,
  imageUrl: `/files/${id}.jpg`,
  thumbnailUrl: `/files/${id}-thumb.webp`,
  analyzer: 'gemini',
  source: 'ai',
})

const analysisOf = (photoIds: string[]): DraftAnalysis => ({
  ...EMPTY_SUGGESTION,
  title: 'Pyrex bowl',
  analyzer: 'gemini',
  source: 'ai',
  photoCount: photoIds.length,
})
const photosAnalysed: number[] = []

const transport: SyncTransport = {
  signedInAccount: async () => USER,
  uploadPhoto: async (_account, id) => ({
    id,
    imageUrl: `/files/${id}.jpg`,
    thumbnailUrl: `/files/${id}-thumb.webp`,
    width: 4,
    height: 3,
  }),
  analyzePhoto: async (_account, id) => {
    ai.calls++
    ai.peak = Math.max(ai.peak, ++ai.running)
    await new Promise((resolve) => setTimeout(resolve, 5))
    ai.running--
    if (ai.busy) throw new ApiError(503, 'The AI is busy right now. Try again in a minute.', 'analysis_busy')
    return result(id)
  },
  analyzePhotos: async (_account, photoIds) => {
    ai.calls++
    ai.peak = Math.max(ai.peak, ++ai.running)
    await new Promise((resolve) => setTimeout(resolve, 5))
    ai.running--
    if (ai.busy) throw new ApiError(503, 'The AI is busy right now. Try again in a minute.', 'analysis_busy')
    photosAnalysed.push(photoIds.length)
    return analysisOf(photoIds)
  },
  createListing: async () => {
    throw new Error('not in this test')
  },
  fillEmpty: async () => {
    throw new Error('not in this test')
  },
  createExpense: async () => {
    throw new Error('not in this test')
  },
  updateListing: async () => {
    throw new Error('not in this test')
  },
  lookUpProduct: async () => {
    throw new Error('not in this test')
  },
}

beforeEach(() => {
  db = new SnaplistDb(`haul-sync-${randomUUID()}`)
  clock = Date.UTC(2026, 10, 21, 14)
  Object.assign(ai, { busy: false, calls: 0, running: 0, peak: 0 })
  photosAnalysed.length = 0
})
afterEach(() => db.delete())

async function haulOf(items: number) {
  const hauls = createHaulStore(db, USER, () => clock)
  const haulId = randomUUID()
  for (let index = 0; index < items; index++) {
    const photos = [0, 1].map(() => ({
      id: randomUUID(),
      blob: new Blob(['jpeg']),
      thumbnail: new Blob(['t']),
      width: 4,
      height: 3,
    }))
    await hauls.addPhotos(haulId, randomUUID(), photos)
  }
  // The last item's analysis waits for more photos a few seconds (the others began when the next item did).
  clock += ITEM_SETTLE_MS
  return { hauls, haulId }
}

const engine = () => createSyncEngine({ db, transport, now: () => clock, random: () => 0.5, concurrency: 3 })

it('analyses every item of a haul, both of its photos together, at most three items at a time', async () => {
  const { hauls, haulId } = await haulOf(12)
  await engine().run()
  const items = await hauls.items(haulId)
  const entries = await db.outbox.toArray()
  expect(items.filter((draft) => isAnalysed(draft, entries))).toHaveLength(12)
  expect(ai.calls).toBe(12)
  expect(photosAnalysed).toEqual(Array(12).fill(2))
  expect(ai.peak).toBeLessThanOrEqual(3)
  expect(entries).toEqual([])
})

it('holds the analyses not yet asked while the AI is busy, then analyses them all', async () => {
  const { hauls, haulId } = await haulOf(12)
  ai.busy = true
  await engine().run()
  // The few asked at once (at most three: uploads share the places) were told busy; the others never asked.
  const askedWhileBusy = ai.calls
  expect(askedWhileBusy).toBeGreaterThanOrEqual(1)
  expect(askedWhileBusy).toBeLessThanOrEqual(3)
  const held = await hauls.items(haulId)
  const entries = await db.outbox.toArray()
  expect(
    describeDraft(
      held.at(-1)!,
      [],
      entries.filter((entry) => entry.draftId === held.at(-1)!.id),
      true,
      clock,
    ).text,
  ).toBe('AI busy — retrying in 1 min')
  // Every photo reached the server meanwhile but the held analyses' own.
  expect(entries.filter((entry) => entry.kind === 'upload-photo')).toEqual([])

  ai.busy = false
  clock += 61_000
  await engine().run()
  const items = await hauls.items(haulId)
  expect(items.filter((draft) => isAnalysed(draft, [])).length).toBe(12)
  expect(await db.outbox.count()).toBe(0)
  expect(ai.calls).toBe(askedWhileBusy + 12)
})
