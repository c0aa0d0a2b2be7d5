// Publishing listings to eBay against the stand-in, which checks every body against eBay's OpenAPI contracts and
// refuses at publish time what eBay refuses (missing aspects, policies, location, pictures).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor, ebaySkus } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody, type TestApp } from '../../helpers/test-app.ts'

type Client = Awaited<ReturnType<typeof registeredClient>>
type Seller = Client & { grant: string }

let fake: FakeEbay
/** This server's photos are not reachable by eBay: they go through the Media API. */
let t: TestApp
/** PUBLIC_URL is public HTTPS: eBay fetches the photos from it. */
let hosted: TestApp
/** Each app's SKU for a listing id (each database is an install of its own). */
let skuOf: (listingId: number) => string
let hostedSkuOf: (listingId: number) => string

beforeAll(async () => {
  fake = await startFakeEbay()
  t = await ebayApp(ebayConfigFor(fake))
  hosted = await ebayApp(ebayConfigFor(fake), { publicUrl: 'https://snaplist.example.com' })
  skuOf = await ebaySkus(t)
  hostedSkuOf = await ebaySkus(hosted)
})
afterAll(async () => {
  await Promise.all([t.close(), hosted.close()])
  await fake.close()
})

const JACKET = {
  title: "Levi's trucker denim jacket",
  brand: "Levi's",
  size: 'M',
  sizeType: 'Regular',
  department: 'Men',
  color: 'blue',
  price: 45,
  quantity: 1,
  category: 'clothing',
}

async function connectedSeller(name: string, app: TestApp = t): Promise<Seller> {
  const seller = await registeredClient(app.app, `${name}-${randomUUID().slice(0, 8)}`)
  return Object.assign(seller, { grant: (await connectEbay(fake, seller)).grant })
}

async function createListing(seller: Client, fields: Record<string, unknown> = JACKET, photos = 2): Promise<JsonBody> {
  const images = await uploadPhotos(seller, photos)
  const response = await seller.post('/api/listings', { description: 'Light wash, no stains.', ...fields, images })
  expect(response.status, await response.clone().text()).toBe(201)
  return readJson(response)
}

const requirements = async (seller: Client, id: number) =>
  readJson(await seller.get(`/api/listings/${id}/ebay-requirements`))
const post = (seller: Client, id: number, body?: unknown) => seller.post(`/api/listings/${id}/post-to-ebay`, body)
/** The seller's live eBay listings for this listing's SKU. */
const ebayListingsOf = (seller: Seller, listingId: number) =>
  [...fake.sell.listings.values()].filter(
    (listing) => listing.seller === seller.grant && listing.sku === skuOf(listingId),
  ).length
const itemOf = (seller: Seller, listingId: number, skuIn = skuOf) =>
  fake.inventory(seller.grant).items.get(skuIn(listingId)) as JsonBody | undefined

/** The eBay calls `work` makes, by "METHOD path" without the ids. */
async function callsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = fake.calls.length
  await work()
  return fake.calls.slice(before)
}

describe('publishing a listing to eBay', () => {
  it('sets a first-time seller up, asks for what eBay will need, and publishes once it has it', async () => {
    const seller = await connectedSeller('first')
    const listing = await createListing(seller)

    const needs = await requirements(seller, listing.id)
    expect(needs).toMatchObject({
      category: { id: '57988', name: 'Coats, Jackets & Vests' },
      condition: 'USED_EXCELLENT',
      missing: ['Type'],
      policiesProblem: null,
      needsLocation: true,
    })
    expect(needs.aspects).toEqual(
      expect.arrayContaining([
        { name: 'Brand', value: "Levi's", allowedValues: [] },
        expect.objectContaining({ name: 'Size Type', value: 'Regular' }),
        expect.objectContaining({ name: 'Department', value: 'Men' }),
        expect.objectContaining({
          name: 'Type',
          value: null,
          allowedValues: ['Jacket', 'Coat', 'Vest', 'Parka', 'Blazer'],
        }),
      ]),
    )

    const incomplete = await post(seller, listing.id)
    expect(incomplete.status).toBe(400)
    expect((await readJson(incomplete)).message).toBe(
      'Missing required fields: Type, Item location (ZIP code). Add them in the Post to eBay dialog, then post again.',
    )
    expect(itemOf(seller, listing.id)).toBeUndefined()

    const published = await post(seller, listing.id, { aspects: { Type: 'jacket' }, postalCode: '95125' })
    expect(published.status).toBe(200)
    const result = await readJson(published)
    expect(result.platformListingId).toBe(`ebay-${result.listingId}`)
    expect(result.viewUrl).toBe(`https://sandbox.ebay.com/itm/${result.listingId}`)
    expect(fake.sell.listings.get(result.listingId)).toEqual({ seller: seller.grant, sku: skuOf(listing.id) })

    const item = itemOf(seller, listing.id)!
    expect(item.condition).toBe('USED_EXCELLENT')
    expect(item.product.aspects).toMatchObject({
      Brand: ["Levi's"],
      Type: ['Jacket'],
      'Size Type': ['Regular'],
      Department: ['Men'],
      Color: ['Blue'],
    })
    expect(item.product.imageUrls).toHaveLength(2)
    for (const url of item.product.imageUrls) expect(fake.sell.pictures.has(url)).toBe(true)

    const [row] = (await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]
    expect(row).toMatchObject({
      platformStatus: 'active',
      platformListingId: result.platformListingId,
      condition: 'used',
      viewUrl: result.viewUrl,
    })
  })

  it('costs a seller who is set up four eBay calls from opening the dialog to a live listing', async () => {
    const seller = await connectedSeller('set-up', hosted)
    const first = await createListing(seller)
    expect((await post(seller, first.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' })).status).toBe(200)

    const second = await createListing(seller, { ...JACKET, title: 'Wool winter coat' })
    const calls = await callsDuring(async () => {
      expect((await requirements(seller, second.id)).missing).toEqual(['Type'])
      expect((await post(seller, second.id, { aspects: { Type: 'Coat' }, condition: 'new' })).status).toBe(200)
    })
    expect(calls.map((call) => call.replace(hostedSkuOf(second.id), 'SKU').replace(/\/\d+(?=\/|$)/g, '/N'))).toEqual([
      'GET /commerce/taxonomy/v1/category_tree/N/get_category_suggestions',
      `PUT /sell/inventory/v1/inventory_item/SKU`,
      'POST /sell/inventory/v1/offer',
      'POST /sell/inventory/v1/offer/N/publish',
    ])
    const item = itemOf(seller, second.id, hostedSkuOf)!
    expect(item.condition).toBe('NEW')
    expect(item.product.imageUrls[0]).toMatch(/^https:\/\/snaplist\.example\.com\/files\//)
  })

  it('uploads each photo to eBay once, however many times the listing is tried', async () => {
    const seller = await connectedSeller('pictures')
    const listing = await createListing(seller, {
      ...JACKET,
      title: 'Vintage film camera',
      brand: 'Canon',
      category: 'electronics',
    })
    const refused = await post(seller, listing.id, { postalCode: '95125' })
    expect((await readJson(refused)).message).toContain('Missing required fields: Model')
    const uploads = fake.sell.pictures.size
    expect((await post(seller, listing.id, { aspects: { Model: 'AE-1' }, postalCode: '95125' })).status).toBe(200)
    expect(fake.sell.pictures.size - uploads).toBe(2)
  })

  it('says where to set up selling policies when the seller has none, and sends nothing to eBay', async () => {
    const seller = await connectedSeller('no-policies')
    const listing = await createListing(seller)
    fake.setPolicies({ fulfillment: [], payment: ['2'], return: [] })
    try {
      expect((await requirements(seller, listing.id)).policiesProblem).toMatch(
        /^You need to set up eBay selling policies before posting: create a shipping, return policy in eBay Seller Hub/,
      )
      const response = await post(seller, listing.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' })
      expect(response.status).toBe(400)
      expect((await readJson(response)).message).toContain('You need to set up eBay selling policies')
      expect(itemOf(seller, listing.id)).toBeUndefined()
    } finally {
      fake.setPolicies({ fulfillment: ['6196929000'], payment: ['6196932000'], return: ['6196930000'] })
    }
  })

  it('turns eBay’s missing item specific into Missing required fields and forgets the stale category aspects', async () => {
    const seller = await connectedSeller('stale-aspects')
    const listing = await createListing(seller)
    await requirements(seller, listing.id)
    // The cache as it was before eBay made Type required in this category.
    await t.db
      .sql`update ebay_category_aspects set aspects = (select jsonb_agg(a) from jsonb_array_elements(aspects) a where a->>'name' <> 'Type') where category_id = '57988'`
    expect((await requirements(seller, listing.id)).missing).toEqual([])

    const response = await post(seller, listing.id, { postalCode: '95125' })
    expect(response.status).toBe(400)
    expect((await readJson(response)).message).toBe(
      'Missing required fields: Type. Add them in the Post to eBay dialog, then post again.',
    )
    expect((await requirements(seller, listing.id)).missing).toEqual(['Type'])
  })

  it('refreshes an expired access token and publishes; a revoked connection answers eBay token expired', async () => {
    const seller = await connectedSeller('tokens')
    const listing = await createListing(seller)
    fake.expireAccessTokens()
    const grants = fake.grants.length
    expect((await post(seller, listing.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' })).status).toBe(200)
    expect(fake.grants.slice(grants)).toEqual(['refresh_token'])

    const other = await createListing(seller, { ...JACKET, title: 'Denim vest' })
    fake.revokeAll()
    const response = await post(seller, other.id, { aspects: { Type: 'Vest' } })
    expect(response.status).toBe(409)
    expect((await readJson(response)).message).toMatch(/^eBay token expired/)
  })

  it('retries a publish whose reply was lost without making a second eBay listing', async () => {
    const seller = await connectedSeller('lost-reply')
    const listing = await createListing(seller)
    fake.sell.dropNextPublishReply = true
    const lost = await post(seller, listing.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' })
    expect(lost.status).toBe(502)
    expect(ebayListingsOf(seller, listing.id)).toBe(1)

    const retried = await post(seller, listing.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' })
    expect(retried.status).toBe(200)
    const { listingId } = await readJson(retried)
    expect(fake.sell.listings.get(listingId)).toEqual({ seller: seller.grant, sku: skuOf(listing.id) })
    expect(ebayListingsOf(seller, listing.id)).toBe(1)
  })

  it('finds the offer an earlier attempt made when the listing lost track of it', async () => {
    const seller = await connectedSeller('lost-offer')
    const listing = await createListing(seller)
    expect((await post(seller, listing.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' })).status).toBe(200)
    await t.db.sql`
      update listing_places set external_id = null, state = 'publishing', details = details - 'offerId'
      where listing_id = ${listing.id} and marketplace = 'ebay'`
    const again = await post(seller, listing.id, { aspects: { Type: 'Jacket' } })
    expect(again.status).toBe(200)
    expect(ebayListingsOf(seller, listing.id)).toBe(1)
  })

  it('publishes a double tap once', async () => {
    const seller = await connectedSeller('double-tap')
    const listing = await createListing(seller)
    const body = { aspects: { Type: 'Jacket' }, postalCode: '95125' }
    const [one, two] = await Promise.all([post(seller, listing.id, body), post(seller, listing.id, body)])
    expect([one.status, two.status]).toEqual([200, 200])
    expect((await readJson(one)).listingId).toBe((await readJson(two)).listingId)
    expect(ebayListingsOf(seller, listing.id)).toBe(1)
  })

  it('answers an already posted listing with its eBay listing and no eBay call', async () => {
    const seller = await connectedSeller('posted')
    const listing = await createListing(seller)
    const first = await readJson(await post(seller, listing.id, { aspects: { Type: 'Jacket' }, postalCode: '95125' }))
    let again: JsonBody = {}
    const calls = await callsDuring(async () => (again = await readJson(await post(seller, listing.id))))
    expect(calls).toEqual([])
    expect(again).toMatchObject({ message: 'This listing is already posted to eBay.', viewUrl: first.viewUrl })
  })

  it('keeps the category for a GET from the app only: one another site makes with the seller’s cookies is refused with 403', async () => {
    const seller = await connectedSeller('cross-site')
    const listing = await createListing(seller)
    const categoryKept = async () =>
      (await t.db.sql`select ebay_category_id from listings where id = ${listing.id}`)[0]!.ebayCategoryId as
        string | null
    for (const site of ['cross-site', 'same-site']) {
      const refused = await seller.call('GET', `/api/listings/${listing.id}/ebay-requirements`, undefined, {
        origin: '',
        'sec-fetch-site': site,
      })
      expect(refused.status).toBe(403)
      expect((await readJson(refused)).code).toBe('forbidden')
    }
    expect(await categoryKept()).toBeNull()
    const fromTheApp = await seller.call('GET', `/api/listings/${listing.id}/ebay-requirements`, undefined, {
      'sec-fetch-site': 'same-origin',
    })
    expect(fromTheApp.status).toBe(200)
    expect(await categoryKept()).toBe('57988')
  })

  it('refuses other sellers’ listings, sellers without eBay, and bad details, changing nothing', async () => {
    const owner = await connectedSeller('owner')
    const listing = await createListing(owner)
    const stranger = await connectedSeller('stranger')
    expect((await post(stranger, listing.id)).status).toBe(404)
    expect((await stranger.get(`/api/listings/${listing.id}/ebay-requirements`)).status).toBe(404)

    const unconnected = await registeredClient(t.app, `unconnected-${randomUUID().slice(0, 8)}`)
    const own = await createListing(unconnected)
    const response = await post(unconnected, own.id)
    expect(response.status).toBe(404)
    expect((await readJson(response)).message).toBe(
      'No eBay account is connected. Connect it from the Dashboard first.',
    )

    for (const body of [
      { postalCode: 'abc' },
      { aspects: { Type: 'x'.repeat(51) } },
      { condition: 'mint' },
      { aspects: ['Jacket'] },
    ]) {
      const refused = await post(owner, listing.id, body)
      expect(refused.status).toBe(400)
      expect((await readJson(refused)).message).toBeTruthy()
    }
    expect((await post(owner, listing.id, '{"aspects":')).status).toBe(400)
    expect(itemOf(owner, listing.id)).toBeUndefined()
  })
})

/** The price of the seller's live offer for this listing, as eBay holds it. */
const offerPrice = (seller: Seller, listingId: number) =>
  [...fake.inventory(seller.grant).offers.values()].find((offer) => offer.sku === skuOf(listingId))?.body
    .pricingSummary as { price: { value: string } } | undefined
const READY = { aspects: { Type: 'Jacket' }, postalCode: '95125' }

describe("the seller's Price on eBay", () => {
  it('sends the Price, not the retail price, and keeps it in cents', async () => {
    const seller = await connectedSeller('price')
    const listing = await createListing(seller, { ...JACKET, price: 70, medianUsedPrice: 28, askingPrice: '24.99' })
    expect(listing.askingPrice).toBe(24.99)
    expect((await post(seller, listing.id, READY)).status).toBe(200)
    expect(offerPrice(seller, listing.id)?.price.value).toBe('24.99')
    const [row] = await t.db.sql<
      { cents: number }[]
    >`select asking_price_cents as cents from listings where id = ${listing.id}`
    expect(row?.cents).toBe(2499)
  })

  it('falls back to the median used price, then the retail price, for listings without a Price', async () => {
    const seller = await connectedSeller('fallback')
    const median = await createListing(seller, { ...JACKET, price: 70, medianUsedPrice: 28 })
    const retail = await createListing(seller, { ...JACKET, title: 'Denim vest', price: 45, medianUsedPrice: 0 })
    expect(median.askingPrice).toBeNull()
    expect((await post(seller, median.id, READY)).status).toBe(200)
    expect((await post(seller, retail.id, { aspects: { Type: 'Vest' } })).status).toBe(200)
    expect(offerPrice(seller, median.id)?.price.value).toBe('28.00')
    expect(offerPrice(seller, retail.id)?.price.value).toBe('45.00')
  })

  it('takes the Price typed in the dialog, saves it on the listing, and asks for one when there is none', async () => {
    const seller = await connectedSeller('dialog-price')
    const listing = await createListing(seller, { ...JACKET, price: 0, medianUsedPrice: 0 })
    expect((await requirements(seller, listing.id)).missing).toEqual(['Price', 'Type'])
    expect((await post(seller, listing.id, { ...READY, askingPrice: 31.5 })).status).toBe(200)
    expect(offerPrice(seller, listing.id)?.price.value).toBe('31.50')
    const [row] = (await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]
    expect(row!.askingPrice).toBe(31.5)
  })

  it('refuses a negative, sub-cent or huge Price with the field named, on create and in the dialog, changing nothing', async () => {
    const seller = await connectedSeller('bad-price')
    const listing = await createListing(seller)
    for (const askingPrice of [-5, '12.345', 1e12, 'twenty', 0]) {
      const created = await seller.post('/api/listings', { ...JACKET, askingPrice })
      expect(created.status).toBe(400)
      expect((await readJson(created)).fields.askingPrice).toMatch(/^Price /)
      const posted = await post(seller, listing.id, { ...READY, askingPrice })
      expect(posted.status).toBe(400)
      expect((await readJson(posted)).fields.askingPrice).toMatch(/^Price /)
    }
    expect(itemOf(seller, listing.id)).toBeUndefined()
    expect((await readJson(await seller.get('/api/listings'))).length).toBe(1)
  })
})

describe("eBay's category and condition", () => {
  it("searches eBay's categories and lists several suggestions for the title", async () => {
    const seller = await connectedSeller('search')
    const found = await readJson(await seller.get(`/api/ebay/categories?q=${encodeURIComponent('denim jacket')}`))
    expect(found.categories.map((category: JsonBody) => category.name)).toEqual([
      'Coats, Jackets & Vests',
      "Women's Coats, Jackets & Vests",
      'Collectibles',
    ])
    expect((await seller.get('/api/ebay/categories?q=')).status).toBe(400)
    const unconnected = await registeredClient(t.app, `no-ebay-${randomUUID().slice(0, 8)}`)
    expect((await unconnected.get('/api/ebay/categories?q=camera')).status).toBe(404)
  })

  it("offers the chosen category's conditions and required details without keeping it, then publishes in it", async () => {
    const seller = await connectedSeller('category')
    const listing = await createListing(seller, { ...JACKET, title: 'Canon camera jacket' })
    const suggested = await requirements(seller, listing.id)
    expect(suggested.category.id).toBe('57988')
    expect(suggested.conditions).toEqual([
      { value: 'NEW', label: 'New with tags' },
      { value: 'NEW_OTHER', label: 'New without tags' },
      { value: 'NEW_WITH_DEFECTS', label: 'New with defects' },
      { value: 'USED_EXCELLENT', label: 'Pre-owned' },
    ])

    const cameras = await readJson(await seller.get(`/api/listings/${listing.id}/ebay-requirements?categoryId=31388`))
    expect(cameras).toMatchObject({
      category: { id: '31388', name: 'Digital Cameras' },
      condition: 'USED_EXCELLENT',
      missing: ['Model'],
    })
    // eBay's restricted Certified - Refurbished is left out.
    expect(cameras.conditions.map((option: JsonBody) => option.label)).toEqual([
      'New',
      'Open box',
      'Used',
      'For parts or not working',
    ])
    expect((await requirements(seller, listing.id)).category.id).toBe('57988')
    expect((await seller.get(`/api/listings/${listing.id}/ebay-requirements?categoryId=999`)).status).toBe(400)

    const published = await post(seller, listing.id, {
      categoryId: '31388',
      aspects: { Model: 'AE-1' },
      condition: 'FOR_PARTS_OR_NOT_WORKING',
      conditionDescription: 'Shutter sticks; lens is clean.',
      postalCode: '95125',
    })
    expect(published.status, await published.clone().text()).toBe(200)
    const offer = [...fake.inventory(seller.grant).offers.values()].find((entry) => entry.sku === skuOf(listing.id))!
    expect(offer.body.categoryId).toBe('31388')
    expect(itemOf(seller, listing.id)).toMatchObject({
      condition: 'FOR_PARTS_OR_NOT_WORKING',
      conditionDescription: 'Shutter sticks; lens is clean.',
    })
    const [row] = (await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]
    expect(row).toMatchObject({
      condition: 'used',
      ebayCondition: 'FOR_PARTS_OR_NOT_WORKING',
      ebayConditionDescription: 'Shutter sticks; lens is clean.',
    })
  })

  it('refuses a condition the category does not allow, and a description on a new item, sending nothing to eBay', async () => {
    const seller = await connectedSeller('bad-condition')
    const listing = await createListing(seller)
    const notAllowed = await post(seller, listing.id, { ...READY, condition: 'FOR_PARTS_OR_NOT_WORKING' })
    expect(notAllowed.status).toBe(400)
    expect(await readJson(notAllowed)).toMatchObject({
      code: 'ebay_condition_not_allowed',
      message:
        'eBay does not allow that condition in this category. Choose one of: New with tags, New without tags, New with defects, Pre-owned.',
    })
    const described = await post(seller, listing.id, { ...READY, condition: 'NEW', conditionDescription: 'Never worn' })
    expect(described.status).toBe(400)
    expect((await readJson(described)).fields.conditionDescription).toBeTruthy()
    expect((await post(seller, listing.id, { ...READY, conditionDescription: 'x'.repeat(1001) })).status).toBe(400)
    expect(itemOf(seller, listing.id)).toBeUndefined()
  })

  it("turns eBay's refusal of a condition the stale cache allowed into a clear message and forgets the cache", async () => {
    const seller = await connectedSeller('stale-conditions')
    const listing = await createListing(seller)
    await requirements(seller, listing.id)
    await t.db.sql`
      update ebay_category_conditions set conditions = conditions || '[{"value":"FOR_PARTS_OR_NOT_WORKING","label":"For parts"}]'::jsonb
      where category_id = '57988'`
    const refused = await post(seller, listing.id, { ...READY, condition: 'FOR_PARTS_OR_NOT_WORKING' })
    expect(refused.status).toBe(400)
    expect(await readJson(refused)).toMatchObject({ code: 'ebay_condition_refused' })
    expect((await requirements(seller, listing.id)).conditions).toHaveLength(4)
  })
})
