// The sync engine over fake-indexeddb against the real API, through a network that can lose replies and fail.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import Dexie from 'dexie'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EMPTY_SUGGESTION } from '../../api/contract/listing-suggestion.ts'
import { AppError } from '../../api/errors.ts'
import type { ImageAnalyzer } from '../../api/services/listings/analyzer/image-analyzer.ts'
import { isAnalysis, SnaplistDb } from '../../src/offline/db.ts'
import type { Listing } from '../../api/contract/listing.ts'
import { describeDraft } from '../../src/offline/draft-status.ts'
import type { NewPhoto } from '../../src/offline/draft-photo-writes.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'
import { createSyncEngine } from '../../src/offline/outbox-sender.ts'
import { fetchTransport } from '../../src/offline/transport.ts'
import { solidJpeg } from '../helpers/images.ts'
import { client, createTestApp, newUser, readJson, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts'

type Fault = 'drop-reply' | '503' | 'offline'

/**
 * The network between phone and server: each change sent (a POST or PATCH) may be answered, answered into the void, or
 * refused; the engine's question who is signed in always gets through.
 */
function flakyNetwork(app: TestApp['app'], cookie: () => string) {
  const faults: Fault[] = []
  const log: { path: string; subject: string }[] = []
  const load = { current: 0, peak: 0 }
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), TEST_ORIGIN)
    const fault = init?.method === 'POST' || init?.method === 'PATCH' ? faults.shift() : undefined
    const body = init?.body
    const subject =
      body instanceof FormData
        ? String(body.get('id'))
        : typeof body === 'string'
          ? String(JSON.parse(body).clientId)
          : ''
    log.push({ path: url.pathname, subject })
    load.peak = Math.max(load.peak, ++load.current)
    try {
      return await answer(url, init, fault)
    } finally {
      load.current--
    }
  }
  async function answer(url: URL, init: RequestInit | undefined, fault: Fault | undefined) {
    if (fault === 'offline') throw new TypeError('fetch failed')
    if (fault === '503') return new Response(JSON.stringify({ message: 'Try again soon' }), { status: 503 })
    const headers = new Headers(init?.headers)
    headers.set('cookie', cookie())
    headers.set('origin', TEST_ORIGIN)
    const response = await app.request(url.toString(), { ...init, headers })
    // The server did the work; the phone never hears about it.
    if (fault === 'drop-reply') throw new TypeError('fetch failed')
    return response
  }
  return { fetcher, faults, log, load }
}

// Gemini answering 429 reaches the phone as the server's 503 analysis_busy.
const ai = { busy: false, calls: 0, photoCount: 0 }
const suggestingAnalyzer: ImageAnalyzer = {
  name: 'gemini',
  analyze: async (input) => {
    ai.calls++
    ai.photoCount = input.photos.length
    if (ai.busy)
      throw new AppError(503, 'analysis_busy', 'The AI is busy right now. Try again in a minute.', {
        retryAfterSeconds: 60,
      })
    return {
      suggestion: {
        ...EMPTY_SUGGESTION,
        title: 'Vintage Pyrex Mixing Bowl',
        description: 'Clean, no chips.',
        suggestedPrice: 40,
        medianUsedPrice: 22,
        category: 'home',
        primaryColor: 'white',
        keywords: ['pyrex', 'bowl'],
      },
      source: 'ai',
      facts: {
        brand: { value: 'Pyrex', seen: true, photo: 1 },
        size: { value: '', seen: false, photo: null },
        material: { value: 'Glass', seen: false, photo: null },
        model: { value: '', seen: false, photo: null },
      },
      flaws: [],
      details: [],
    }
  },
}

let t: TestApp
let seller: ReturnType<typeof client>
let sellerId: number
let photos: Buffer[]

beforeAll(async () => {
  t = await createTestApp({ analyzer: suggestingAnalyzer })
  seller = client(t.app)
  sellerId = (await readJson(await seller.post('/api/register', newUser('phone')))).id
  photos = await Promise.all([0, 1, 2].map((i) => solidJpeg({ r: 60 * i, g: 90, b: 200 }, 640, 480)))
})
afterAll(() => t.close())

let db: SnaplistDb
let clock: number
let network: ReturnType<typeof flakyNetwork>

beforeEach(async () => {
  // Every test sends the same photo bytes: each starts without the analyses earlier ones stored for them.
  await t.db.sql`delete from photo_analyses`
  ai.busy = false
  db = new SnaplistDb(`test-${randomUUID()}`)
  clock = Date.now()
  network = flakyNetwork(t.app, () => seller.cookie)
})
afterEach(() => db.delete())

const engine = (options: { concurrency?: number } = {}) =>
  createSyncEngine({
    db,
    transport: fetchTransport({ fetcher: network.fetcher }),
    now: () => clock,
    random: () => 0.5,
    ...options,
  })

const newPhotos = (count: number): NewPhoto[] =>
  photos.slice(0, count).map((bytes) => {
    const blob = new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })
    return { id: randomUUID(), blob, thumbnail: blob, width: 640, height: 480 }
  })

async function finishedDraft(
  photoCount = 3,
  fields: Record<string, string> = { title: 'Pyrex bowl', category: 'home', color: 'white' },
  userId = sellerId,
) {
  const store = createDraftStore(db, userId, () => clock)
  const id = randomUUID()
  await store.editFields(id, fields)
  await store.addPhotos(id, newPhotos(photoCount))
  await store.submit(id)
  return id
}

const serverListings = async (clientId: string) =>
  t.db.sql`select id, images, title from listings where client_id = ${clientId}`

/** Runs the engine until nothing waits, moving the clock past each back-off. */
async function syncUntilSettled(run: () => ReturnType<ReturnType<typeof engine>['run']>) {
  for (let round = 0; round < 20; round++) {
    const outcome = await run()
    if (outcome.kind !== 'idle' || outcome.nextAttemptAt === undefined) return outcome
    clock = Math.max(clock, outcome.nextAttemptAt)
  }
  throw new Error('the outbox did not settle')
}

describe('sync engine', () => {
  it('sends a finished draft: photos stored once, listing created once, the draft marked done', async () => {
    const id = await finishedDraft()
    const outcome = await engine().run()
    expect(outcome).toEqual({ kind: 'idle', waiting: 0, nextAttemptAt: undefined })
    const [listing] = await serverListings(id)
    expect(listing!.images).toHaveLength(3)
    expect(listing!.title).toBe('Pyrex bowl')
    const draft = await db.drafts.get(id)
    expect(draft).toMatchObject({ state: 'done', listingId: listing!.id })
    expect(await db.outbox.count()).toBe(0)
    expect(
      (await db.photos.where({ draftId: id }).toArray()).every((photo) => photo.blob === undefined && photo.thumbnail),
    ).toBe(true)
  })

  it('never creates a duplicate when replies are lost, and loses nothing', async () => {
    const id = await finishedDraft()
    network.faults.push('drop-reply', 'drop-reply', 'drop-reply', 'drop-reply')
    await syncUntilSettled(() => engine({ concurrency: 1 }).run())
    const listings = await serverListings(id)
    expect(listings).toHaveLength(1)
    expect(listings[0]!.images).toHaveLength(3)
    expect(new Set(listings[0]!.images).size).toBe(3)
    const images = await t.db
      .sql`select count(*)::int as n from images where id = any(${(await db.drafts.get(id))!.photoIds})`
    expect(images[0]!.n).toBe(3)
  })

  it('retries 503s and network failures with growing back-off instead of giving up', async () => {
    const id = await finishedDraft(1)
    network.faults.push('503', 'offline', '503')
    const sync = engine()
    await sync.run()
    const [first] = await db.outbox.toArray()
    expect(first).toMatchObject({ attempts: 1, lastError: 'Try again soon' })
    const firstDelay = first!.nextAttemptAt - clock
    expect(firstDelay).toBeGreaterThan(0)

    clock = first!.nextAttemptAt
    await sync.run()
    const [second] = await db.outbox.toArray()
    expect(second).toMatchObject({ attempts: 2, lastError: 'No connection to Snaplist.' })
    expect(second!.nextAttemptAt - clock).toBeGreaterThan(firstDelay)

    await syncUntilSettled(() => sync.run())
    expect(await serverListings(id)).toHaveLength(1)
  })

  it('a refused listing keeps the sentence for each field it names, for the form to show under that field', async () => {
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.editFields(id, { title: 'x'.repeat(200), category: 'other', color: 'black' })
    await store.submit(id)
    await engine().run()
    const draft = await db.drafts.get(id)
    expect(draft).toMatchObject({ state: 'failed' })
    expect(Object.keys(draft!.errorFields ?? {})).toEqual(['title'])
    await store.retry(id)
    expect((await db.drafts.get(id))!.errorFields).toBeUndefined()
  })

  it("does not retry what the server refuses: the draft fails with the server's message and waits for Retry", async () => {
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.editFields(id, { title: 'Not a photo', category: 'other', color: 'black' })
    const text = new Blob(['definitely not a jpeg'], { type: 'image/jpeg' })
    await store.addPhotos(id, [{ id: randomUUID(), blob: text, thumbnail: text, width: 1, height: 1 }])
    await store.submit(id)
    await engine().run()
    const draft = await db.drafts.get(id)
    expect(draft).toMatchObject({ state: 'failed' })
    expect(draft!.error).toMatch(/not a photo Snaplist can read/)
    expect((await db.outbox.toArray()).map((entry) => [entry.kind, entry.status])).toEqual([
      ['upload-photo', 'parked'],
      ['analyze-draft', 'pending'],
      ['create-listing', 'pending'],
    ])
    expect(await serverListings(id)).toHaveLength(0)

    await store.removePhoto(id, draft!.photoIds[0]!)
    await store.retry(id)
    await engine().run()
    expect(await db.drafts.get(id)).toMatchObject({ state: 'done' })
  })

  it('pauses on 401 without spending attempts, and resumes once signed in', async () => {
    const id = await finishedDraft(1)
    const signedIn = seller.cookie
    seller.cookie = ''
    expect(await engine().run()).toEqual({ kind: 'auth-required' })
    expect((await db.outbox.toArray()).every((entry) => entry.attempts === 0 && entry.status === 'pending')).toBe(true)
    seller.cookie = signedIn
    await engine().run()
    expect(await serverListings(id)).toHaveLength(1)
  })

  it('sends a listing only after all of its photos, while different drafts go side by side', async () => {
    const drafts = [await finishedDraft(2), await finishedDraft(2)]
    await engine({ concurrency: 3 }).run()
    for (const draftId of drafts) {
      const photoIds = (await db.drafts.get(draftId))!.photoIds
      const position = (subject: string) => network.log.findIndex((request) => request.subject === subject)
      expect(Math.max(...photoIds.map(position))).toBeLessThan(position(draftId))
      expect(await serverListings(draftId)).toHaveLength(1)
    }
    expect(network.load.peak).toBeGreaterThan(1)
  })

  it('lets only one runner work at a time', async () => {
    await finishedDraft(1)
    const sync = engine()
    const [a, b] = await Promise.all([sync.run(), sync.run()])
    expect([a.kind, b.kind].sort()).toEqual(['busy', 'idle'])
  })

  it('fills only untouched fields with AI suggestions, and marks an unsubmitted draft for review', async () => {
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.editFields(id, { title: 'My own title' })
    await store.addPhotos(id, newPhotos(1))
    await engine().run()
    const draft = await db.drafts.get(id)
    expect(draft!.fields).toMatchObject({
      title: 'My own title',
      description: 'Clean, no chips.',
      price: '40',
      askingPrice: '22',
      category: 'home',
      color: 'white',
    })
    expect(draft!.aiFilled).not.toContain('title')
    expect(draft!.aiFilled).toContain('description')
    expect(draft!.suggestionsReady).toBe(true)
    expect(await serverListings(id)).toHaveLength(0)
  })

  it("analyses all of a draft's photos together once they are stored, and all again when one is added, keeping the seller's edits", async () => {
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.addPhotos(id, newPhotos(2))
    await engine().run()
    const paths = network.log.map((request) => request.path)
    expect(paths.filter((path) => path === '/api/analyze-photos')).toHaveLength(1)
    expect(paths.lastIndexOf('/api/images')).toBeLessThan(paths.indexOf('/api/analyze-photos'))
    expect(ai.photoCount).toBe(2)
    expect((await db.drafts.get(id))!.fields.description).toBe('Clean, no chips.')

    await store.editFields(id, { description: 'Mine' })
    await store.addPhotos(id, newPhotos(3).slice(2))
    await engine().run()
    expect(ai.photoCount).toBe(3)
    const draft = (await db.drafts.get(id))!
    expect(draft.fields).toMatchObject({ description: 'Mine', title: 'Vintage Pyrex Mixing Bowl' })
    expect(await db.outbox.where({ draftId: id }).count()).toBe(0)
  })

  it("a draft whose analysis the server refuses stays the seller's to finish, with a note, not failed", async () => {
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.addPhotos(id, newPhotos(1))
    // The photo counts as stored on the phone but never reached the server: the analysis names an unknown photo.
    const [photo] = await db.photos.where({ draftId: id }).toArray()
    await db.photos.update(photo!.id, { serverUrl: '/files/never-uploaded.jpg' })
    await db.outbox
      .where({ draftId: id })
      .filter((entry) => entry.kind === 'upload-photo')
      .delete()
    await engine().run()
    const draft = (await db.drafts.get(id))!
    expect(draft).toMatchObject({ state: 'editing', aiGaveUp: 'analysis_failed' })
    expect(await db.outbox.where({ draftId: id }).count()).toBe(0)
  })

  it("a draft whose seller is past the analyses limit (issue 27 F6) stays the seller's to finish, with that note, and is not asked again", async () => {
    await t.db.sql`
      insert into rate_limits (key, hits, reset_at) values (${`analysis:perMinute:${sellerId}`}, 1000, now() + interval '1 minute')
      on conflict (key) do update set hits = excluded.hits, reset_at = excluded.reset_at`
    try {
      const store = createDraftStore(db, sellerId, () => clock)
      const id = randomUUID()
      await store.addPhotos(id, newPhotos(1))
      await engine().run()
      expect((await db.drafts.get(id))!).toMatchObject({ state: 'editing', aiGaveUp: 'analysis_limit_reached' })
      expect(await db.outbox.where({ draftId: id }).count()).toBe(0)
    } finally {
      await t.db.sql`delete from rate_limits where key like 'analysis:%'`
    }
  })

  it("sends what the AI only guessed with the listing (its fields' marks, not eBay item specifics')", async () => {
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.editFields(id, { title: 'Pyrex bowl', category: 'home', color: 'white' })
    await store.addPhotos(id, newPhotos(1))
    await engine().run()
    await db.drafts.update(id, { guesses: ['packageWeightOz', 'brand', 'aspect:Style'] })
    await store.submit(id)
    await syncUntilSettled(engine().run)
    const [listing] = await t.db.sql<{ guesses: string[] }[]>`select guesses from listings where client_id = ${id}`
    // The AI made it: its condition, which nobody chose, is a guess too.
    expect(listing!.guesses.toSorted()).toEqual(['brand', 'condition', 'packageWeightOz'])
  })

  it("creates a draft the seller already finished with the seller's values", async () => {
    const id = await finishedDraft(1, { title: 'Seller title', category: 'collectibles', color: 'blue', price: '12' })
    await engine().run()
    const [listing] = await t.db.sql`select title, category, color, price from listings where client_id = ${id}`
    expect(listing).toMatchObject({ title: 'Seller title', category: 'collectibles', color: 'blue', price: 12 })
  })

  describe('when the AI is busy', () => {
    const analysisEntries = () => db.outbox.filter(isAnalysis).toArray()

    it('creates the listing anyway: the photo is stored before the create, and only the analysis waits, in minutes', async () => {
      ai.busy = true
      const id = await finishedDraft(2)
      expect(await engine().run()).toMatchObject({ kind: 'idle', waiting: 1 })
      const [listing] = await serverListings(id)
      expect(listing!.images).toHaveLength(2)
      expect(await db.drafts.get(id)).toMatchObject({ state: 'done', listingId: listing!.id })
      const position = (path: string) => network.log.findIndex((request) => request.path === path)
      expect(position('/api/images')).toBeLessThan(position('/api/listings'))
      const [waiting] = await analysisEntries()
      expect(waiting).toMatchObject({
        photoStored: true,
        lastCode: 'analysis_busy',
        attempts: 1,
        nextAttemptAt: clock + 60_000,
      })
      // The AI reads the photos the server stored: none needs to stay on the phone.
      const photos = await db.photos.where({ draftId: id }).toArray()
      expect(waiting!.kind).toBe('analyze-draft')
      expect(photos.filter((photo) => photo.blob)).toEqual([])
      expect(describeDraft((await db.drafts.get(id))!, photos, [waiting!], true, clock).text).toBe(
        'Listing created. AI busy — retrying in 1 min',
      )
    })

    it('backs off 1, 2, 4 minutes, and Retry now tries at once', async () => {
      ai.busy = true
      const store = createDraftStore(db, sellerId, () => clock)
      const id = randomUUID()
      await store.addPhotos(id, newPhotos(1))
      const sync = engine()
      const delays = []
      for (let round = 0; round < 3; round++) {
        if (round) clock += delays.at(-1)!
        const outcome = await sync.run()
        if (outcome.kind !== 'idle') throw new Error(outcome.kind)
        delays.push(outcome.nextAttemptAt! - clock)
      }
      expect(delays).toEqual([60_000, 120_000, 240_000])
      const [waiting] = await analysisEntries()
      expect(describeDraft((await db.drafts.get(id))!, [], [waiting!], true, clock)).toEqual({
        kind: 'ai-busy',
        text: 'AI busy — retrying in 4 min',
      })
      ai.busy = false
      await store.retryAnalysis(id)
      await sync.run()
      expect((await db.drafts.get(id))!.fields.title).toBe('Vintage Pyrex Mixing Bowl')
      expect(await db.outbox.count()).toBe(0)
    })

    it("fills only the listing's empty fields once the AI answers after the listing exists, and says which", async () => {
      ai.busy = true
      const id = await finishedDraft(1, {
        title: 'Seller title',
        description: 'Seller words',
        category: 'collectibles',
        color: 'blue',
      })
      const sync = engine()
      const { nextAttemptAt } = (await sync.run()) as { nextAttemptAt: number }
      ai.busy = false
      clock = nextAttemptAt
      expect(await sync.run()).toMatchObject({ kind: 'idle', waiting: 0 })
      const [listing] = await t.db
        .sql`select title, description, category, color, price, median_used_price, keywords, ai_suggestions from listings where client_id = ${id}`
      expect(listing).toMatchObject({
        title: 'Seller title',
        description: 'Seller words',
        category: 'collectibles',
        color: 'blue',
        price: 40,
        medianUsedPrice: 22,
        keywords: ['pyrex', 'bowl'],
      })
      expect(listing!.aiSuggestions).toMatchObject({ title: 'Vintage Pyrex Mixing Bowl', source: 'ai' })
      const draft = (await db.drafts.get(id))!
      expect(draft.lateFilled).toEqual(['price', 'medianUsedPrice', 'keywords'])
      expect(describeDraft(draft, [], [], true).text).toBe(
        'AI suggestions arrived after you created the listing: filled Retail Price, Median Used Price, Keywords.',
      )
      // The Dashboard keeps the draft until the seller has read that.
      await createDraftStore(db, sellerId).forgetDone([draft.listingId!])
      expect(await db.drafts.get(id)).toBeDefined()
    })

    it('Skip stops asking the AI; the listing is created without it', async () => {
      ai.busy = true
      const store = createDraftStore(db, sellerId, () => clock)
      const id = randomUUID()
      await store.editFields(id, { title: 'Pyrex bowl', category: 'home', color: 'white' })
      await store.addPhotos(id, newPhotos(1))
      const sync = engine()
      await sync.run()
      await store.skipAnalysis(id)
      await store.submit(id)
      const calls = ai.calls
      await syncUntilSettled(() => sync.run())
      expect(ai.calls).toBe(calls)
      expect(await serverListings(id)).toHaveLength(1)
      expect(await db.outbox.count()).toBe(0)
    })
  })
})

describe("a shared phone: each account's drafts reach only that account", () => {
  let other: ReturnType<typeof client>
  let otherId: number
  /** Whose session cookie the phone holds. */
  let onPhone: { cookie: string }

  beforeAll(async () => {
    other = client(t.app)
    otherId = (await readJson(await other.post('/api/register', newUser('second-seller')))).id
  })
  beforeEach(() => {
    onPhone = { cookie: seller.cookie }
    network = flakyNetwork(t.app, () => onPhone.cookie)
  })

  const subjectsOf = async (draftId: string) => [draftId, ...(await db.drafts.get(draftId))!.photoIds]
  const ownerOf = async (clientId: string) =>
    (await t.db.sql<{ userId: number }[]>`select user_id from listings where client_id = ${clientId}`).map(
      (row) => row.userId,
    )

  it("B signed in after A: B's sync sends none of A's drafts, and A's reach A's account when A signs in again", async () => {
    const alices = await finishedDraft(2)
    const bobs = await finishedDraft(1, { title: 'Brass lamp', category: 'home', color: 'yellow' }, otherId)
    onPhone.cookie = other.cookie
    expect(await engine().run()).toEqual({ kind: 'idle', waiting: 0, nextAttemptAt: undefined })
    const alicesSubjects = await subjectsOf(alices)
    expect(network.log.filter((request) => alicesSubjects.includes(request.subject))).toEqual([])
    expect(await ownerOf(alices)).toEqual([])
    expect(await ownerOf(bobs)).toEqual([otherId])
    expect(
      (await db.outbox.where({ draftId: alices }).toArray()).every(
        (entry) => entry.status === 'pending' && entry.attempts === 0,
      ),
    ).toBe(true)

    onPhone.cookie = seller.cookie
    await engine().run()
    expect(await ownerOf(alices)).toEqual([sellerId])
    expect((await serverListings(alices))[0]!.images).toHaveLength(2)
  })

  it("B signs in while A's draft is half sent: the server refuses the rest for B, and it waits for A", async () => {
    const alices = await finishedDraft(3)
    const posts = () => network.log.filter((request) => request.subject).length
    // The first photo goes with A's session; from the second on the phone holds B's.
    network = flakyNetwork(t.app, () => (posts() > 1 ? other.cookie : seller.cookie))
    expect(await engine({ concurrency: 1 }).run()).toEqual({ kind: 'idle', waiting: 0, nextAttemptAt: undefined })
    const photoIds = (await db.drafts.get(alices))!.photoIds
    expect(await t.db.sql`select user_id from images where id = any(${photoIds})`).toEqual([{ userId: sellerId }])
    // The two photos B could not send, the draft's analysis and its listing.
    expect(await db.outbox.where({ draftId: alices }).count()).toBe(4)
    expect(
      (await db.outbox.where({ draftId: alices }).toArray()).every(
        (entry) => entry.status === 'pending' && entry.attempts === 0,
      ),
    ).toBe(true)

    network = flakyNetwork(t.app, () => seller.cookie)
    await engine().run()
    expect(await ownerOf(alices)).toEqual([sellerId])
    expect((await serverListings(alices))[0]!.images).toHaveLength(3)
  })

  it('drafts from before drafts had an owner are sent by nobody until the account the phone remembered claims them', async () => {
    const name = `legacy-${randomUUID()}`
    // Version 1 of the phone's database, as the app before this change wrote it: no userId anywhere.
    const before = new Dexie(name)
    before
      .version(1)
      .stores({ drafts: 'id, state, updatedAt', photos: 'id, draftId', outbox: '++id, draftId, status, nextAttemptAt' })
    const id = await finishedDraft(1)
    const strip = <T extends { userId?: number }>({ userId: _, ...record }: T) => record
    await before.table('drafts').bulkAdd((await db.drafts.toArray()).map(strip))
    await before.table('photos').bulkAdd((await db.photos.toArray()).map(strip))
    await before.table('outbox').bulkAdd((await db.outbox.toArray()).map(strip))
    before.close()
    await db.delete()

    db = new SnaplistDb(name)
    expect(await engine().run()).toEqual({ kind: 'idle', waiting: 0, nextAttemptAt: undefined })
    expect(network.log).toEqual([])
    await createDraftStore(db, sellerId).claimUnowned()
    await engine().run()
    expect(await ownerOf(id)).toEqual([sellerId])
  })
})

describe('a new listing like one that exists (Sell similar, issue 47)', () => {
  it('is made once from its values and stored photos, with a SKU of its own, one piece and no notes, replies lost or not', async () => {
    const first = await finishedDraft(2, {
      title: 'Pyrex bowl',
      category: 'home',
      color: 'white',
      quantity: '3',
      cost: '4',
      sku: 'BOWL-1',
      privateNotes: 'Chip on the rim',
    })
    await engine().run()
    const listing = ((await readJson(await seller.get('/api/listings'))) as unknown as Listing[]).find(
      (candidate) => candidate.clientId === first,
    )!
    const store = createDraftStore(db, sellerId, () => clock)
    const id = randomUUID()
    await store.startSimilar(listing, id, randomUUID)
    // Opened again (a reload): the same draft, not a second one.
    await store.startSimilar(listing, id, randomUUID)
    expect(
      await db.drafts
        .where('userId')
        .equals(sellerId)
        .filter((draft) => !draft.editOf)
        .count(),
    ).toBe(2)
    expect((await db.drafts.get(id))!.fields).toMatchObject({
      title: 'Pyrex bowl',
      quantity: '1',
      cost: '4',
      sku: '',
      privateNotes: '',
    })
    await store.submit(id)
    network.faults.push('drop-reply', '503')
    const calls = network.log.length
    await syncUntilSettled(() => engine().run())
    // Only the listing itself is sent: its photos are the stored ones, by their URLs.
    const sent = network.log.slice(calls).filter((call) => call.path !== '/api/user')
    expect(new Set(sent.map((call) => call.path))).toEqual(new Set(['/api/listings']))
    const [made] = await t.db.sql<{ id: number; images: string[]; sku: string; quantity: number; notes: string }[]>`
      select id, images, sku, quantity, private_notes as notes from listings where client_id = ${id}`
    expect(made).toEqual({ id: made!.id, images: listing.images, sku: `SL-${made!.id}`, quantity: 1, notes: '' })
    expect(await serverListings(id)).toHaveLength(1)
  })
})

describe('edits of listings that exist', () => {
  /** A listing on the server with two photos, and an edit of it started on the phone from what the Dashboard showed. */
  async function listingAndEdit() {
    const id = await finishedDraft(2)
    await engine().run()
    const [row] = await serverListings(id)
    const listing = (await readJson(await seller.get('/api/listings'))).find(
      (candidate: Listing) => candidate.id === row!.id,
    ) as Listing
    const store = createDraftStore(db, sellerId, () => clock)
    return { listing, store, editId: await store.startEdit(listing, randomUUID) }
  }

  const patchedElsewhere = (listing: Listing, changes: Record<string, unknown>) =>
    seller.call('PATCH', `/api/listings/${listing.id}`, { ...listing, ...changes })

  it('sends an edit made offline once, replies lost or not: fields, a photo added, one removed, the new one moved to the cover', async () => {
    const { listing, store, editId } = await listingAndEdit()
    const edit = (await db.drafts.get(editId))!
    expect(edit).toMatchObject({
      editOf: { listingId: listing.id, version: 1 },
      fields: { title: 'Pyrex bowl', category: 'home' },
    })
    await store.editFields(editId, { title: 'Pyrex bowl, 2 qt', askingPrice: '18.50' })
    const [added] = newPhotos(3).slice(2)
    await store.addPhotos(editId, [added!])
    await store.removePhoto(editId, edit.photoIds[0]!)
    await store.movePhoto(editId, added!.id, 0)
    // The new photo is sent while the seller still edits; the edit itself once they save it.
    await engine().run()
    await store.submit(editId)
    // Opening Edit again finds this unfinished edit rather than starting another.
    expect(await store.startEdit(listing, randomUUID)).toBe(editId)

    const waiting = (await db.drafts.get(editId))!
    expect(describeDraft(waiting, [], await db.outbox.toArray(), false).text).toBe('Changes waiting to sync')
    expect((await db.outbox.where({ draftId: editId }).toArray()).map((entry) => entry.kind)).toEqual([
      'update-listing',
    ])

    network.faults.push('drop-reply', '503')
    await syncUntilSettled(() => engine().run())
    const [after] = await t.db.sql<{ title: string; images: string[]; version: number; askingPrice: number }[]>`
      select title, images, version, (asking_price_cents / 100.0)::float8 as asking_price from listings where id = ${listing.id}`
    const addedUrl = (await db.photos.get(added!.id))!.serverUrl
    expect(after).toEqual({
      title: 'Pyrex bowl, 2 qt',
      images: [addedUrl, listing.images[1]],
      version: 2,
      askingPrice: 18.5,
    })
    expect(network.log.filter((call) => call.path === `/api/listings/${listing.id}`)).toHaveLength(3)
    expect(await db.drafts.get(editId)).toMatchObject({ state: 'done', editOf: { version: 2 } })
    expect(await db.outbox.count()).toBe(0)
  })

  it('an edit that meets another made elsewhere waits with both; Keep mine sends it again against the new version', async () => {
    const { listing, store, editId } = await listingAndEdit()
    await store.editFields(editId, { title: 'From the phone' })
    await store.submit(editId)
    expect((await patchedElsewhere(listing, { title: 'From the tablet', quantity: 2 })).status).toBe(200)

    await syncUntilSettled(() => engine().run())
    const waiting = (await db.drafts.get(editId))!
    expect(waiting.conflict).toMatchObject({ title: 'From the tablet', quantity: 2, version: 2 })
    expect(waiting.fields.title).toBe('From the phone')
    expect(describeDraft(waiting, [], [], true).kind).toBe('conflict')
    expect((await serverListings(listing.clientId!))[0]!.title).toBe('From the tablet')

    await store.keepMine(editId)
    await syncUntilSettled(() => engine().run())
    const [kept] = await t.db.sql<
      { title: string; quantity: number; version: number }[]
    >`select title, quantity, version from listings where id = ${listing.id}`
    // Mine is the whole form as the phone had it: the tablet's quantity goes too.
    expect(kept).toEqual({ title: 'From the phone', quantity: 1, version: 3 })
    const saved = (await db.drafts.get(editId))!
    expect([saved.state, saved.conflict]).toEqual(['done', undefined])
  })

  it("taking the server's version discards the edit and sends nothing more", async () => {
    const { listing, store, editId } = await listingAndEdit()
    await store.editFields(editId, { title: 'From the phone' })
    await store.submit(editId)
    await patchedElsewhere(listing, { title: 'From the tablet' })
    await syncUntilSettled(() => engine().run())
    const sent = network.log.length

    await store.discard(editId)
    await syncUntilSettled(() => engine().run())
    expect(network.log).toHaveLength(sent)
    expect(await db.drafts.get(editId)).toBeUndefined()
    expect((await serverListings(listing.clientId!))[0]!.title).toBe('From the tablet')
  })
})
