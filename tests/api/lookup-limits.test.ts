// What sellers ask eBay for on the app's own allowance is limited (issue 46 G3): per seller a minute and a day, and for
// the whole install a day, counted in Postgres before eBay is asked. Past a seller's limit they get 429 with Retry-After
// and what to do, and eBay is asked nothing more, while another seller still looks things up; past the install's, every
// seller waits, except for what is already kept (a code looked up before costs eBay nothing). Barcode lookups, the
// Post to eBay dialog's check and its category search all count.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../helpers/ebay.ts'
import { JACKET } from '../helpers/jacket.ts'
import { readJson, registeredClient, uploadPhotos, type TestApp } from '../helpers/test-app.ts'

/** An EAN-13 with its check digit, one per number: barcodes eBay's catalog does not know (it answers none). */
function ean13(n: number): string {
  const digits = `200${String(n).padStart(9, '0')}`
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0)
  return `${digits}${(10 - (sum % 10)) % 10}`
}

let fake: FakeEbay
beforeAll(async () => {
  fake = await startFakeEbay()
})
afterAll(() => fake.close())

type Seller = Awaited<ReturnType<typeof registeredClient>>

/** An app over its own database with these limits, opened before a group's tests, with connected sellers made on it. */
function appWith(lookupLimits: { perMinute: number; perDay: number; installPerDay: number }, names: string[]) {
  const opened = { sellers: [] as Seller[] } as { t: TestApp; sellers: Seller[] }
  beforeAll(async () => {
    opened.t = await ebayApp(ebayConfigFor(fake), { lookupLimits })
    for (const name of names) {
      const seller = await registeredClient(opened.t.app, `${name}-${randomUUID().slice(0, 8)}`)
      await connectEbay(fake, seller)
      opened.sellers.push(seller)
    }
  })
  afterAll(() => opened.t.close())
  return opened
}

let code = 0
const freshCode = () => ean13((code += 1))
const lookUp = (seller: Seller, gtin = freshCode()) => seller.get(`/api/product-lookup?gtin=${gtin}`)

async function expectLimited(response: Response, words: RegExp) {
  expect(response.status, await response.clone().text()).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
  const body = await readJson(response)
  expect(body.code).toBe('lookup_limit_reached')
  expect(body.message).toMatch(words)
  expect(body.message).toMatch(/try again in \d+ (minute|hour)s?/i)
}

describe('a seller’s lookups', () => {
  const opened = appWith({ perMinute: 5, perDay: 100, installPerDay: 1000 }, ['alice', 'bob'])

  it('are refused past their limit with 429, asking eBay nothing more, while another seller still looks up', async () => {
    const [alice, bob] = opened.sellers as [Seller, Seller]
    for (let i = 0; i < 5; i++) expect((await lookUp(alice)).status).toBe(200)
    const before = fake.calls.length
    await expectLimited(await lookUp(alice), /you have made more/i)
    expect(fake.calls.slice(before)).toEqual([])
    expect((await lookUp(bob)).status).toBe(200)
  })
})

describe('the Post to eBay dialog’s check and category search', () => {
  const opened = appWith({ perMinute: 3, perDay: 100, installPerDay: 1000 }, ['carol'])

  it('count with the seller’s barcode lookups', async () => {
    const [carol] = opened.sellers as [Seller]
    const images = await uploadPhotos(carol, 1)
    const listing = await readJson(await carol.post('/api/listings', { ...JACKET, images }))
    expect((await carol.get(`/api/listings/${listing.id}/ebay-requirements`)).status).toBe(200)
    expect((await carol.get('/api/ebay/categories?q=denim%20jacket')).status).toBe(200)
    expect((await lookUp(carol)).status).toBe(200)
    await expectLimited(await carol.get('/api/ebay/categories?q=wool%20coat'), /you have made more/i)
    await expectLimited(await carol.get(`/api/listings/${listing.id}/ebay-requirements`), /you have made more/i)
  })
})

describe('the install’s lookups', () => {
  const opened = appWith({ perMinute: 100, perDay: 100, installPerDay: 4 }, ['dave', 'erin'])

  it('are refused to every seller past the daily limit, but what is kept is still answered without asking eBay', async () => {
    const [dave, erin] = opened.sellers as [Seller, Seller]
    const kept = freshCode()
    expect((await lookUp(dave, kept)).status).toBe(200)
    for (const seller of [dave, erin, dave]) expect((await lookUp(seller)).status).toBe(200)
    const before = fake.calls.length
    // Erin has looked up little, but the install has used its day.
    await expectLimited(await lookUp(erin), /every seller together/)
    expect(fake.calls.slice(before)).toEqual([])
    const again = await lookUp(erin, kept)
    expect(again.status, await again.clone().text()).toBe(200)
    expect(fake.calls.slice(before)).toEqual([])
  })
})

describe('a category search', () => {
  const opened = appWith({ perMinute: 100, perDay: 100, installPerDay: 1000 }, ['fay', 'gus'])

  it('asks eBay once for the same words, by any seller', async () => {
    const searches = () => fake.calls.filter((call) => call.includes('get_category_suggestions')).length
    const before = searches()
    for (const seller of opened.sellers) {
      const response = await seller.get('/api/ebay/categories?q=Denim%20Jacket')
      expect((await readJson(response)).categories.length).toBeGreaterThan(0)
    }
    expect(searches() - before).toBe(1)
  })
})
