// A barcode on a draft (docs/decisions/0046): scanned with no signal it waits with the draft and is looked up when the
// sync engine runs; eBay's catalog product fills the title, brand, product, category, item specifics and price, over the
// AI's values but never over the seller's; several products wait for the seller's pick; a refusal leaves the draft to
// the photos; and a lookup eBay cannot answer never holds up the listing once it failed.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DraftAnalysis } from '../../api/contract/analysis.ts'
import { EMPTY_SUGGESTION } from '../../api/contract/listing-suggestion.ts'
import type { CatalogProduct, ProductLookup } from '../../api/contract/catalog.ts'
import { ApiError } from '../../src/offline/api-error.ts'
import { SnaplistDb } from '../../src/offline/db.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'
import { createSyncEngine } from '../../src/offline/outbox-sender.ts'
import type { SyncTransport } from '../../src/offline/transport.ts'

const USER = 7
const ISBN = '9780134685991'
const BOOK: CatalogProduct = {
  epid: '240123456',
  title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
  brand: '',
  category: { id: '261186', name: 'Books' },
  aspects: { Author: 'Joshua Bloch', 'Book Title': 'Effective Java' },
  stockPhotoUrl: null,
}
const MARKET = { count: 30, low: 18, middle: 24.5, high: 31, closest: [], searchedAt: '2026-11-28T12:00:00.000Z' }

let db: SnaplistDb
let clock: number
const catalog = { answer: (gtin: string): ProductLookup | Error => ({ gtin, products: [BOOK], market: MARKET }) }
const asked: string[] = []
const created: Record<string, unknown>[] = []

const transport: SyncTransport = {
  signedInAccount: async () => USER,
  uploadPhoto: async () => {
    throw new Error('no photos in this test')
  },
  analyzePhoto: async () => {
    throw new Error('no photos in this test')
  },
  analyzePhotos: async () => {
    throw new Error('no photos in this test')
  },
  createListing: async (_account, input) => {
    created.push(input as unknown as Record<string, unknown>)
    return { id: created.length } as never
  },
  updateListing: async () => {
    throw new Error('not in this test')
  },
  fillEmpty: async () => {
    throw new Error('not in this test')
  },
  createExpense: async () => {
    throw new Error('not in this test')
  },
  lookUpProduct: async (_account, gtin) => {
    asked.push(gtin)
    const answer = catalog.answer(gtin)
    if (answer instanceof Error) throw answer
    return answer
  },
}

beforeEach(() => {
  db = new SnaplistDb(`barcode-sync-${randomUUID()}`)
  clock = Date.UTC(2026, 10, 28, 12)
  catalog.answer = (gtin) => ({ gtin, products: [BOOK], market: MARKET })
  asked.length = 0
  created.length = 0
})
afterEach(() => db.delete())

const store = () => createDraftStore(db, USER, () => clock)
const engine = () => createSyncEngine({ db, transport, now: () => clock, random: () => 0.5 })
const draftOf = async (id: string) => (await store().get(id))!

describe('a barcode scanned with no signal', () => {
  it('waits with the draft, then fills it from eBay’s catalog when the engine runs', async () => {
    const id = randomUUID()
    await store().scanned(id, ISBN)
    expect(await draftOf(id)).toMatchObject({ fields: { gtin: ISBN }, barcode: { code: ISBN, state: 'waiting' } })
    expect(await db.outbox.toArray()).toMatchObject([{ draftId: id, kind: 'lookup-product' }])

    await engine().run()
    const draft = await draftOf(id)
    expect(asked).toEqual([ISBN])
    expect(draft.fields).toMatchObject({
      title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
      ebayProductId: '240123456',
      medianUsedPrice: '25',
      askingPrice: '24.50',
    })
    expect(draft).toMatchObject({
      barcode: { state: 'found', picked: { epid: '240123456' } },
      catalogCategory: { id: '261186', name: 'Books' },
      catalogCategoryChosen: true,
      aspects: { Author: 'Joshua Bloch', 'Book Title': 'Effective Java' },
    })
    expect(draft.catalogFilled).toEqual(expect.arrayContaining(['title', 'ebayProductId', 'askingPrice']))
    expect(await db.outbox.toArray()).toEqual([])
  })

  it('never overwrites what the seller typed, and the AI never overwrites what the catalog filled', async () => {
    const id = randomUUID()
    await store().editFields(id, { askingPrice: '30' })
    await store().scanned(id, ISBN)
    await engine().run()
    const analysis: DraftAnalysis = {
      ...EMPTY_SUGGESTION,
      title: 'Java programming book',
      description: 'A paperback on Java.',
      analyzer: 'gemini',
      source: 'ai',
    }
    await store().applyAnalysis(id, analysis)
    const draft = await draftOf(id)
    expect(draft.fields).toMatchObject({
      askingPrice: '30',
      title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
      description: 'A paperback on Java.',
    })
    expect(draft.aiFilled).toEqual(['description'])
  })
})

describe('what the catalog answers', () => {
  it('lets the seller pick when one code names several products', async () => {
    const consoles = { id: '139971', name: 'Video Game Consoles' }
    const white = { ...BOOK, epid: '1', title: 'Switch OLED - White', category: consoles, aspects: { Color: 'White' } }
    const neon = { ...BOOK, epid: '2', title: 'Switch OLED - Neon', category: null, aspects: {} }
    catalog.answer = (gtin) => ({ gtin, products: [white, neon], market: null })
    const id = randomUUID()
    await store().scanned(id, '045496882174')
    await engine().run()
    expect((await draftOf(id)).fields.title).toBe('')
    await store().pickProduct(id, '1')
    expect(await draftOf(id)).toMatchObject({ catalogCategory: consoles, aspects: { Color: 'White' } })
    await store().pickProduct(id, '2')
    expect(await draftOf(id)).toMatchObject({
      fields: { title: 'Switch OLED - Neon', ebayProductId: '2' },
      barcode: { picked: { epid: '2' } },
    })
    // A category the seller chose stays whatever they pick.
    const books = { id: '261186', name: 'Books' }
    await store().chooseCatalogCategory(id, books)
    await store().pickProduct(id, '1')
    expect((await draftOf(id)).catalogCategory).toEqual(books)
  })

  it('leaves the draft to the photos when the code is refused, and sends its listing', async () => {
    catalog.answer = () => new ApiError(409, 'Connect your eBay account…', 'ebay_not_connected')
    const id = randomUUID()
    await store().editFields(id, { title: 'Effective Java', category: 'other', color: 'white' })
    await store().scanned(id, ISBN)
    await store().submit(id)
    await engine().run()
    expect(await draftOf(id)).toMatchObject({
      state: 'done',
      barcode: { state: 'refused', refusal: 'ebay_not_connected' },
    })
    expect(created).toMatchObject([{ title: 'Effective Java', gtin: ISBN }])
  })

  it('waits as long as the server asks when the seller made too many lookups, keeping the server’s words', async () => {
    const words =
      'You have made more marketplace lookups (barcodes, categories, checks before posting) than this server allows for now. What you filled in is kept: try again in 5 minutes.'
    const limited = new ApiError(429, words, 'lookup_limit_reached', {}, words, undefined, 300)
    catalog.answer = () => limited
    const id = randomUUID()
    await store().scanned(id, ISBN)
    await engine().run()
    // The Barcode section says the server's words (tests/components/drafts/barcode-status.test.tsx).
    expect(await db.outbox.where({ draftId: id }).toArray()).toMatchObject([
      { kind: 'lookup-product', lastCode: 'lookup_limit_reached', lastError: words, nextAttemptAt: clock + 300_000 },
    ])
    // Asking sooner would only be refused again: a minute later nothing is asked.
    clock += 60_000
    await engine().run()
    expect(asked).toEqual([ISBN])
    catalog.answer = (gtin) => ({ gtin, products: [BOOK], market: MARKET })
    clock += 241_000
    await engine().run()
    expect(asked).toEqual([ISBN, ISBN])
    expect(await draftOf(id)).toMatchObject({ barcode: { state: 'found' }, fields: { title: BOOK.title } })
  })

  it('tries a lookup eBay could not answer again, without holding up the listing', async () => {
    catalog.answer = () => new ApiError(503, 'eBay is busy right now.', 'ebay_busy')
    const id = randomUUID()
    await store().editFields(id, { title: 'Effective Java', category: 'other', color: 'white' })
    await store().scanned(id, ISBN)
    await store().submit(id)
    await engine().run()
    expect(asked).toEqual([ISBN])
    expect(created).toHaveLength(1)
    expect((await draftOf(id)).state).toBe('done')
  })
})
