// POST /api/analyze-photos end to end: every photo of a draft read together by the real Gemini client (stand-in), eBay's
// category and item specifics from Taxonomy and the market from Browse (stand-in, application token), each part
// failing on its own, and a listing made from the analysis needing nothing more in the Post to eBay dialog.
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGeminiAnalyzer } from '../../../api/services/listings/analyzer/gemini.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import {
  aspectsReply,
  asksForAspects,
  describedReply,
  LEVIS_501,
  LEVIS_501_ASPECTS,
  LEVIS_501_REPLY,
  startFakeGemini,
  type FakeGemini,
} from '../../fakes/gemini.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../../helpers/ebay.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import {
  createTestApp,
  readJson,
  registeredClient,
  succeeded,
  type JsonBody,
  type TestApp,
} from '../../helpers/test-app.ts'

type Client = Awaited<ReturnType<typeof registeredClient>>

let gemini: FakeGemini
let fake: FakeEbay
let t: TestApp
let logged: string[]

const analyzer = () =>
  createGeminiAnalyzer({ apiKey: gemini.apiKey, model: 'gemini-3.5-flash-lite', baseUrl: gemini.url, timeoutMs: 5_000 })

beforeAll(async () => {
  gemini = await startFakeGemini()
  fake = await startFakeEbay()
  t = await ebayApp(ebayConfigFor(fake), { analyzer: analyzer() })
})
afterAll(async () => {
  await t.close()
  await Promise.all([gemini.close(), fake.close()])
})
beforeEach(() => {
  gemini.setReply('good')
  fake.sell.trouble = null
  logged = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
  return () => vi.restoreAllMocks()
})

/** Stores `count` camera-sized photos as the seller; their ids, in order. */
async function storePhotos(seller: Client, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID()
    await succeeded(
      seller.post('/api/images', photoForm(await solidJpeg({ r: 20 * index, g: 80, b: 150 }, 2400, 1800), { id })),
      201,
    )
    ids.push(id)
  }
  return ids
}

const analyse = (seller: Client, photoIds: string[]) => seller.post('/api/analyze-photos', { photoIds })

/** The eBay calls `work` makes, as "METHOD path". */
async function ebayCallsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = fake.calls.length
  await work()
  return fake.calls.slice(before)
}

const newSeller = (name: string) => registeredClient(t.app, `${name}-${randomUUID().slice(0, 8)}`)

describe('POST /api/analyze-photos', () => {
  it("sends every photo, numbered and shrunk to 768 px, in one model call, and answers with the facts' photos", async () => {
    const seller = await newSeller('three')
    const ids = await storePhotos(seller, 3)
    const before = gemini.requests.length
    const result = await readJson(await succeeded(analyse(seller, ids), 200))
    const [described] = gemini.requests.slice(before)
    const parts = described!.body!.contents![0]!.parts!
    expect(parts.filter((part) => part.text?.startsWith('Photo ')).map((part) => part.text)).toEqual([
      'Photo 1:',
      'Photo 2:',
      'Photo 3:',
    ])
    const images = parts.flatMap((part) => (part.inlineData ? [Buffer.from(part.inlineData.data!, 'base64')] : []))
    expect(images).toHaveLength(3)
    for (const image of images)
      expect(Math.max((await sharp(image).metadata()).width!, (await sharp(image).metadata()).height!)).toBe(768)
    expect(described!.usage).toMatchObject({ images: 3, imageTokens: 3 * 258 })
    expect(result).toMatchObject({
      ...LEVIS_501,
      medianUsedPrice: expect.any(Number),
      analyzer: 'gemini',
      source: 'ai',
      photoCount: 3,
    })
    expect(result.facts.brand).toEqual({ value: "Levi's", seen: true, photo: 1 })
  })

  it("fills eBay's required and recommended item specifics from eBay's own values, for the category eBay suggests for the AI's title", async () => {
    const seller = await newSeller('specifics')
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 2)), 200))
    expect(result.ebay.category).toEqual({ id: '11483', name: "Men's Jeans" })
    const aspects = Object.fromEntries(result.ebay.aspects.map((aspect: JsonBody) => [aspect.name, aspect]))
    // eBay's spelling from eBay's list, whatever the listing's own option sets call it.
    expect(aspects.Department).toMatchObject({ value: 'Men', required: true, seen: true })
    expect(aspects['Size Type']).toMatchObject({ value: 'Regular', required: true })
    expect(aspects.Inseam).toMatchObject({ value: '32 in', required: true, allowedValues: [] })
    expect(aspects.Style).toMatchObject({ value: 'Straight', required: false })
    expect(aspects.Material).toMatchObject({ value: 'Cotton', seen: true, photo: 1 })
    // Neither required nor recommended: not asked for.
    expect(aspects['Country/Region of Manufacture']).toBeUndefined()
    const specificsCall = gemini.requests.at(-1)!
    expect(asksForAspects(specificsCall.body!)).toBe(true)
    expect(specificsCall.usage!.images).toBe(0)
    expect(
      specificsCall.body!.generationConfig!.responseSchema!.properties!.values!.properties!.Department!.enum,
    ).toEqual(['Men', 'Women', 'Unisex Adults', 'Boys', 'Girls', 'Baby'])
  })

  it('prices from the fixed-price used listings on eBay now: count, quartiles of price plus shipping, the three closest with links', async () => {
    const seller = await newSeller('market')
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 1)), 200))
    const { market } = result
    expect(market.count).toBeGreaterThanOrEqual(5)
    expect(market.low).toBeLessThanOrEqual(market.middle)
    expect(market.middle).toBeLessThanOrEqual(market.high)
    expect(market.closest).toHaveLength(3)
    for (const item of market.closest) expect(item.url).toMatch(/^https:\/\/www\.sandbox\.ebay\.com\/itm\//)
    expect(result).toMatchObject({ priceSource: 'market', medianUsedPrice: Math.round(market.middle), gaps: [] })
    const search = fake.calls.find((call) => call.startsWith('GET /buy/browse/v1/item_summary/search'))
    expect(search).toBeDefined()
  })

  it('asks eBay nothing again when the draft is analysed again (a photo added): every lookup is cached', async () => {
    const seller = await newSeller('cached')
    const ids = await storePhotos(seller, 2)
    await succeeded(analyse(seller, ids.slice(0, 1)), 200)
    const again = await ebayCallsDuring(() => succeeded(analyse(seller, ids), 200))
    expect(again).toEqual([])
  })

  it('marks a brand the model only inferred as a guess and keeps it out of the description', async () => {
    const seller = await newSeller('guess')
    gemini.setReply((body) =>
      asksForAspects(body)
        ? aspectsReply(body, LEVIS_501_ASPECTS, ['Brand'])
        : describedReply(
            { ...LEVIS_501, description: "Levi's style jeans in blue. Button fly and five pockets." },
            {
              facts: {
                brand: { value: "Levi's", seen: false, photo: null },
                size: { value: 'W32 L32', seen: true, photo: 2 },
              },
              flaws: [
                { text: 'small hole at the knee', seen: true, photo: 2 },
                { text: 'faded seat', seen: false, photo: null },
              ],
            },
          ),
    )
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 2)), 200))
    expect(result.facts.brand).toEqual({ value: "Levi's", seen: false, photo: null })
    expect(result.facts.size).toEqual({ value: 'W32 L32', seen: true, photo: 2 })
    expect(result.description).toBe('Button fly and five pockets.')
    expect(result.flaws).toEqual([
      { text: 'small hole at the knee', seen: true, photo: 2 },
      { text: 'faded seat', seen: false, photo: null },
    ])
    expect(result.ebay.aspects.find((aspect: JsonBody) => aspect.name === 'Brand')).toMatchObject({
      value: "Levi's",
      seen: false,
      photo: null,
    })
  })

  it('a photo number the model made up counts as a guess', async () => {
    const seller = await newSeller('made-up')
    gemini.setReply((body) =>
      asksForAspects(body)
        ? aspectsReply(body, {})
        : describedReply(LEVIS_501, { facts: { size: { value: 'W32 L32', seen: true, photo: 7 } } }),
    )
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 2)), 200))
    expect(result.facts.size).toEqual({ value: 'W32 L32', seen: false, photo: null })
  })

  it("keeps the model's work and says so when Browse is down; prices then come from the model", async () => {
    const seller = await newSeller('browse-down')
    gemini.setReply((body) =>
      asksForAspects(body)
        ? aspectsReply(body, LEVIS_501_ASPECTS)
        : { ...LEVIS_501_REPLY, title: "Levi's 505 Regular Fit Jeans W34" },
    )
    fake.sell.trouble = { path: /^\/buy\/browse/, status: 500 }
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 1)), 200))
    expect(result).toMatchObject({
      market: null,
      gaps: ['market_prices_unavailable'],
      priceSource: 'model',
      medianUsedPrice: LEVIS_501.medianUsedPrice,
    })
    expect(result.ebay.category.id).toBe('11483')
    expect(result.title).toBe("Levi's 505 Regular Fit Jeans W34")
  })

  it("keeps the model's work when Taxonomy is busy: no item specifics, and the gap is named", async () => {
    const seller = await newSeller('taxonomy-busy')
    gemini.setReply((body) =>
      asksForAspects(body)
        ? aspectsReply(body, LEVIS_501_ASPECTS)
        : { ...LEVIS_501_REPLY, title: 'Levi’s 569 Loose Jeans W36' },
    )
    fake.sell.trouble = { path: /^\/commerce\/taxonomy/, status: 429 }
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 1)), 200))
    expect(result).toMatchObject({
      title: 'Levi’s 569 Loose Jeans W36',
      ebay: null,
      market: null,
      gaps: ['ebay_specifics_unavailable', 'market_prices_unavailable'],
      priceSource: 'model',
    })
  })

  it('keeps the category and says what is missing when the item-specifics call of the model fails', async () => {
    const seller = await newSeller('second-call')
    gemini.setReply((body) =>
      asksForAspects(body) ? 'not json' : { ...LEVIS_501_REPLY, title: "Levi's 550 Relaxed Jeans W30" },
    )
    const result = await readJson(await succeeded(analyse(seller, await storePhotos(seller, 1)), 200))
    expect(result.ebay).toEqual({ category: { id: '11483', name: "Men's Jeans" }, aspects: [] })
    expect(result.gaps).toEqual(['ebay_specifics_unavailable'])
    expect(result.market.count).toBeGreaterThan(0)
  })

  it('fails as the one-photo analysis does when the model is busy: 503 analysis_busy', async () => {
    const seller = await newSeller('busy')
    gemini.setReply('rate-limited')
    const response = await analyse(seller, await storePhotos(seller, 1))
    expect(response.status).toBe(503)
    expect((await readJson(response)).code).toBe('analysis_busy')
  })

  it("refuses another seller's photo, an unknown id, more than 8 photos and ids that are not UUIDs, asking nobody", async () => {
    const owner = await newSeller('owner')
    const other = await newSeller('other')
    const [theirs] = await storePhotos(owner, 1)
    const [mine] = await storePhotos(other, 1)
    const before = gemini.requests.length
    for (const photoIds of [[mine, theirs], [randomUUID()], Array.from({ length: 9 }, () => mine), ['photo-1'], []]) {
      const response = await analyse(other, photoIds as string[])
      expect(response.status).toBe(400)
      expect(Object.keys((await readJson(response)).fields).some((field) => field.startsWith('photoIds'))).toBe(true)
    }
    expect(gemini.requests.length).toBe(before)
  })
})

describe('a listing made from the analysis', () => {
  it('needs nothing more in the Post to eBay dialog: eBay category and item specifics travel with it', async () => {
    const seller = await newSeller('listing')
    const ids = await storePhotos(seller, 2)
    const analysis = await readJson(await succeeded(analyse(seller, ids), 200))
    const images = (await t.db.sql<{ url: string }[]>`select url from images where id = any(${ids})`).map(
      (row) => row.url,
    )
    const listing = await readJson(
      await succeeded(
        seller.post('/api/listings', {
          title: analysis.title,
          description: analysis.description,
          category: analysis.category,
          color: analysis.primaryColor,
          brand: analysis.brand,
          size: analysis.size,
          sizeType: analysis.sizeType,
          department: analysis.department,
          images,
          medianUsedPrice: analysis.medianUsedPrice,
          ebayCategoryId: analysis.ebay.category.id,
          ebayCategoryName: analysis.ebay.category.name,
          ebayAspects: Object.fromEntries(
            analysis.ebay.aspects
              .filter((aspect: JsonBody) => aspect.value)
              .map((aspect: JsonBody) => [aspect.name, aspect.value]),
          ),
        }),
        201,
      ),
    )
    await connectEbay(fake, seller)
    const needs = await readJson(await succeeded(seller.get(`/api/listings/${listing.id}/ebay-requirements`), 200))
    expect(needs.category).toEqual({ id: '11483', name: "Men's Jeans" })
    expect(needs.missing).toEqual([])
    expect(Object.fromEntries(needs.aspects.map((aspect: JsonBody) => [aspect.name, aspect.value]))).toMatchObject({
      Inseam: '32 in',
      Department: 'Men',
    })
  })
})

describe('without eBay set up', () => {
  it('analyses the photos as before: no item specifics, no market, nothing said missing', async () => {
    const bare = await createTestApp({ analyzer: analyzer() })
    try {
      const seller = await registeredClient(bare.app, 'bare')
      const id = randomUUID()
      await succeeded(seller.post('/api/images', photoForm(await solidJpeg({ r: 20, g: 80, b: 150 }), { id })), 201)
      const result = await readJson(await succeeded(seller.post('/api/analyze-photos', { photoIds: [id] }), 200))
      expect(result).toMatchObject({ ...LEVIS_501, ebay: null, market: null, gaps: [], priceSource: 'model' })
    } finally {
      await bare.close()
    }
  })
})
