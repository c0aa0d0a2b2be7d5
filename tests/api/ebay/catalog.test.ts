// A barcode looked up in eBay's catalog (issue 33, decision 0046): GET /api/product-lookup answers the products eBay's
// catalog has for the code (the stand-in checks each request against eBay's Catalog contract) with their category and
// item specifics, and the market for the code; a code eBay has no product for answers none; a code that is no barcode,
// or a seller without eBay, is refused with what to do; eBay busy or down is said, and a second lookup of the same code
// asks eBay's catalog nothing. A listing with its barcode and product reaches eBay as the inventory item's ISBN and ePID.
// eBay's stock photo is copied in at the seller's choice, and alone never takes a used item to eBay.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BOOK_ISBN, CONSOLE_UPC, UNKNOWN_GTIN } from '../../fakes/ebay-catalog-products.ts'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos } from '../../helpers/test-app.ts'

const opened = ebayAppPerFile()

async function connectedSeller() {
  const seller = await registeredClient(opened.t.app, `scan-${randomUUID().slice(0, 8)}`)
  const { grant } = await connectEbay(opened.fake, seller)
  return { seller, grant }
}

const catalogCalls = () => opened.fake.calls.filter((call) => call.includes('/commerce/catalog/'))

describe('looking up a barcode', () => {
  it("answers eBay's product for a book's ISBN, typed as its ISBN-10, with its category, specifics and market", async () => {
    const { seller } = await connectedSeller()
    const before = catalogCalls().length
    const response = await seller.get('/api/product-lookup?gtin=0-13-468599-7')
    expect(response.status, await response.clone().text()).toBe(200)
    // The search by code, then the product in full.
    expect(catalogCalls().slice(before)).toEqual([
      'GET /commerce/catalog/v1_beta/product_summary/search',
      'GET /commerce/catalog/v1_beta/product/240123456',
    ])
    const lookup = await readJson(response)
    expect(lookup).toMatchObject({
      gtin: BOOK_ISBN,
      products: [
        {
          epid: '240123456',
          title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
          category: { id: '261186', name: 'Books' },
          aspects: { Author: 'Joshua Bloch', 'Book Title': 'Effective Java', Format: 'Trade Paperback' },
          stockPhotoUrl: `${opened.fake.url}/pictures/effective-java.jpg`,
        },
      ],
    })
    expect((lookup.market as { count: number; middle: number }).count).toBeGreaterThan(0)
    expect((lookup.market as { middle: number }).middle).toBeGreaterThan(0)
  })

  it('answers every product one code names, for the seller to pick, and none for a code eBay does not know', async () => {
    const { seller } = await connectedSeller()
    const consoles = await readJson(await seller.get(`/api/product-lookup?gtin=${CONSOLE_UPC}`))
    expect((consoles.products as { title: string }[]).map((product) => product.title)).toEqual([
      'Nintendo Switch OLED Model 64GB Console - White',
      'Nintendo Switch OLED Model 64GB Console - Neon Red/Neon Blue',
    ])
    const unknown = await seller.get(`/api/product-lookup?gtin=${UNKNOWN_GTIN}`)
    expect(unknown.status).toBe(200)
    expect(await readJson(unknown)).toMatchObject({ gtin: UNKNOWN_GTIN, products: [] })
  })

  it("asks eBay's catalog once for a code: a later lookup, by any seller, is answered from what was kept", async () => {
    const { seller } = await connectedSeller()
    const before = catalogCalls().length
    const again = await readJson(await seller.get(`/api/product-lookup?gtin=${BOOK_ISBN}`))
    expect(again).toMatchObject({ products: [{ epid: '240123456' }] })
    expect(catalogCalls().length).toBe(before)
  })

  it('refuses a code that is no barcode number, and a seller without eBay, each with what to do', async () => {
    const { seller } = await connectedSeller()
    for (const bad of ['9780134685992', '12345', 'abc', '']) {
      const response = await seller.get(`/api/product-lookup?gtin=${encodeURIComponent(bad)}`)
      expect(response.status, bad).toBe(400)
      expect((await readJson(response)).message).toMatch(/UPC, EAN or ISBN/)
    }
    const stranger = await registeredClient(opened.t.app, `scan-none-${randomUUID().slice(0, 8)}`)
    const refused = await stranger.get(`/api/product-lookup?gtin=${BOOK_ISBN}`)
    expect(refused.status).toBe(409)
    expect(await readJson(refused)).toMatchObject({ code: 'ebay_not_connected' })
  })

  it('says when eBay is busy or down, so the phone tries again later', async () => {
    const { seller } = await connectedSeller()
    const fresh = '9781617294136'
    opened.fake.sell.trouble = { path: /\/commerce\/catalog\//, status: 429 }
    try {
      const busy = await seller.get(`/api/product-lookup?gtin=${fresh}`)
      expect(busy.status).toBe(503)
      expect(await readJson(busy)).toMatchObject({ code: 'ebay_busy' })
      opened.fake.sell.trouble = { path: /\/commerce\/catalog\//, status: 500 }
      const down = await seller.get(`/api/product-lookup?gtin=${fresh}`)
      expect(down.status).toBeGreaterThanOrEqual(500)
      expect(await readJson(down)).toMatchObject({ code: 'ebay_unavailable' })
    } finally {
      opened.fake.sell.trouble = null
    }
    expect(await readJson(await seller.get(`/api/product-lookup?gtin=${fresh}`))).toMatchObject({ products: [] })
  })
})

describe('a listing with its barcode', () => {
  it("reaches eBay as the inventory item's ISBN and the catalog product's ePID", async () => {
    const { seller, grant } = await connectedSeller()
    const created = await seller.post('/api/listings', {
      title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
      category: 'other',
      color: 'white',
      askingPrice: 24.99,
      gtin: '978-0-13-468599-1',
      ebayProductId: '240123456',
      images: await uploadPhotos(seller, 1),
      ebayCategoryId: '261186',
      ebayCategoryName: 'Books',
      // The author is the listing's own field (eBay's Author item specific, decision 0059), not a kept aspect.
      author: 'Joshua Bloch',
      ebayAspects: { 'Book Title': 'Effective Java', Language: 'English' },
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const listing = await readJson(created)
    expect(listing).toMatchObject({ gtin: BOOK_ISBN, ebayProductId: '240123456' })
    const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
      condition: 'USED_VERY_GOOD',
      postalCode: '95125',
    })
    expect(posted.status, await posted.clone().text()).toBe(200)
    const item = opened.fake.inventory(grant).items.get(opened.skuOf(listing.id as number)) as {
      product: Record<string, unknown>
    }
    expect(item.product).toMatchObject({ isbn: [BOOK_ISBN], epid: '240123456' })
  })

  it('refuses a barcode that is not one, or a product id that is not digits, and saves nothing', async () => {
    const { seller } = await connectedSeller()
    for (const bad of [{ gtin: '9780134685992' }, { gtin: 'ISBN please' }, { ebayProductId: 'epid-1' }]) {
      const response = await seller.post('/api/listings', {
        title: 'A book',
        category: 'other',
        color: 'white',
        ...bad,
      })
      expect(response.status, JSON.stringify(bad)).toBe(400)
      expect(Object.keys((await readJson(response)).fields as object)).toEqual(Object.keys(bad))
    }
    expect(await readJson(await seller.get('/api/listings'))).toEqual([])
  })
})

describe('eBay’s stock photo', () => {
  async function bookListing(seller: Awaited<ReturnType<typeof connectedSeller>>['seller'], images: string[]) {
    const created = await seller.post('/api/listings', {
      title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
      category: 'other',
      color: 'white',
      askingPrice: 24.99,
      gtin: BOOK_ISBN,
      ebayProductId: '240123456',
      images,
      ebayCategoryId: '261186',
      ebayCategoryName: 'Books',
      // The author is the listing's own field (eBay's Author item specific, decision 0059), not a kept aspect.
      author: 'Joshua Bloch',
      ebayAspects: { 'Book Title': 'Effective Java', Language: 'English' },
    })
    expect(created.status, await created.clone().text()).toBe(201)
    return readJson(created)
  }

  it('is copied in as the seller’s photo at their choice, once however often asked', async () => {
    const { seller } = await connectedSeller()
    const body = { gtin: BOOK_ISBN, epid: '240123456' }
    const added = await seller.post('/api/product-lookup/stock-photo', body)
    expect(added.status, await added.clone().text()).toBe(201)
    const photo = await readJson(added)
    expect(photo).toMatchObject({ imageUrl: expect.stringMatching(/^\/files\//), width: expect.any(Number) })
    expect(await readJson(await seller.post('/api/product-lookup/stock-photo', body))).toEqual(photo)
    const none = await seller.post('/api/product-lookup/stock-photo', { gtin: CONSOLE_UPC, epid: '25034217824' })
    expect(none.status).toBe(404)
  })

  it('alone never takes a used item to eBay; with a photo of the item itself, or for a new one, it does', async () => {
    const { seller } = await connectedSeller()
    const stock = await readJson(
      await seller.post('/api/product-lookup/stock-photo', { gtin: BOOK_ISBN, epid: '240123456' }),
    )
    const alone = await bookListing(seller, [stock.imageUrl as string])
    const requirements = await readJson(await seller.get(`/api/listings/${alone.id}/ebay-requirements`))
    expect(requirements.onlyStockPhotos).toBe(true)
    const refused = await seller.post(`/api/listings/${alone.id}/post-to-ebay`, {
      condition: 'USED_VERY_GOOD',
      postalCode: '95125',
    })
    expect(refused.status).toBe(400)
    expect(await readJson(refused)).toMatchObject({
      code: 'ebay_missing_fields',
      message: expect.stringContaining('A photo of the item itself'),
    })
    const asNew = await seller.post(`/api/listings/${alone.id}/post-to-ebay`, { condition: 'NEW', postalCode: '95125' })
    expect(asNew.status, await asNew.clone().text()).toBe(200)

    const own = await uploadPhotos(seller, 1)
    const withOwn = await bookListing(seller, [...own, stock.imageUrl as string])
    expect((await readJson(await seller.get(`/api/listings/${withOwn.id}/ebay-requirements`))).onlyStockPhotos).toBe(
      false,
    )
    const posted = await seller.post(`/api/listings/${withOwn.id}/post-to-ebay`, { condition: 'USED_VERY_GOOD' })
    expect(posted.status, await posted.clone().text()).toBe(200)
  })
})
