// A live eBay listing's life against the stand-in: changes revised on eBay by a background job (two calls, never one
// twice, quick changes coalesced, eBay's refusal kept in its words, the daily limit waited out), ending and relisting,
// and sales read from getOrders applied exactly once.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { REVISION_JOB } from '../../../api/services/ebay/revisions.ts'
import { SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { REVISIONS_PER_DAY, sellItem } from '../../fakes/ebay-sell.ts'
import { connectEbay, ebayApp, ebayConfigFor, ebaySkus } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody, type TestApp } from '../../helpers/test-app.ts'
import { JACKET } from '../../helpers/jacket.ts'

type Seller = Awaited<ReturnType<typeof registeredClient>> & { grant: string }

let fake: FakeEbay
let t: TestApp
let skuOf: (listingId: number) => string

beforeAll(async () => {
  fake = await startFakeEbay()
  t = await ebayApp(ebayConfigFor(fake))
  skuOf = await ebaySkus(t)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

async function connectedSeller(name: string): Promise<Seller> {
  const seller = await registeredClient(t.app, `${name}-${randomUUID().slice(0, 8)}`)
  return Object.assign(seller, { grant: (await connectEbay(fake, seller)).grant })
}

/** A listing live on eBay; without a description (so fill-empty can change it later), quantity as given. */
async function liveListing(seller: Seller, fields: Record<string, unknown> = {}): Promise<JsonBody> {
  const images = await uploadPhotos(seller, 1)
  const created = await seller.post('/api/listings', { ...JACKET, images, ...fields })
  expect(created.status, await created.clone().text()).toBe(201)
  const listing = await readJson(created)
  const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  return listing
}

const rowOf = async (seller: Seller, id: number): Promise<JsonBody> =>
  ((await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]).find((listing) => listing.id === id)!
const change = (seller: Seller, id: number, fill: Record<string, unknown>) =>
  seller.post(`/api/listings/${id}/fill-empty`, fill)
const revisionsOf = (seller: Seller, id: number) =>
  (fake.sell.revisions.get(seller.grant) ?? []).filter((revision) => revision.sku === skuOf(id))
const itemOf = (seller: Seller, id: number) => fake.inventory(seller.grant).items.get(skuOf(id)) as JsonBody
const offerOf = (seller: Seller, id: number) =>
  [...fake.inventory(seller.grant).offers.values()].find((offer) => offer.sku === skuOf(id))!

/** The eBay calls `work` makes, as "METHOD path". */
async function callsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = fake.calls.length
  await work()
  return fake.calls.slice(before)
}

describe('revising a live listing on eBay', () => {
  it('sends a change as one revision of two writes, and the row goes from Updating to Up to date', async () => {
    const seller = await connectedSeller('revise')
    const listing = await liveListing(seller)

    expect((await change(seller, listing.id, { description: 'Light wash, no stains.' })).status).toBe(200)
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: 'pending', ebayRevisionMessage: null })

    const calls = await callsDuring(() => t.settle())
    expect(calls.filter((call) => call.startsWith('PUT '))).toEqual([
      `PUT /sell/inventory/v1/inventory_item/${skuOf(listing.id)}`,
      `PUT /sell/inventory/v1/offer/${offerOf(seller, listing.id).offerId}`,
    ])
    // Around the item call, eBay's count is read before it and the orders of those minutes after it (decision 0030).
    expect(calls.filter((call) => call.startsWith('GET ')).map((call) => call.split('?')[0])).toEqual([
      `GET /sell/inventory/v1/inventory_item/${skuOf(listing.id)}`,
      'GET /sell/fulfillment/v1/order',
    ])
    expect(calls).toHaveLength(4)
    expect(itemOf(seller, listing.id).product.description).toBe('Light wash, no stains.')
    // Both are full replacements: what publishing sent is still there.
    expect(itemOf(seller, listing.id)).toMatchObject({
      availability: { shipToLocationAvailability: { quantity: 1 } },
      condition: 'USED_EXCELLENT',
      product: { aspects: { Type: ['Jacket'] } },
    })
    expect(offerOf(seller, listing.id).body).toMatchObject({
      pricingSummary: { price: { value: '39.50' } },
      listingDuration: 'GTC',
      categoryId: '57988',
    })
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: 'done', ebayRevisionMessage: null })

    // Nothing more to send: another run sends nothing.
    expect(await callsDuring(() => t.settle())).toEqual([])
  })

  it('sends an edit of the whole listing (PATCH) made while it is live, and one made while it is ended before a relist', async () => {
    const seller = await connectedSeller('patch')
    const listing = await liveListing(seller)
    const edit = (version: number, title: string, askingPrice: number) =>
      seller.call('PATCH', `/api/listings/${listing.id}`, {
        ...JACKET,
        images: listing.images,
        title,
        askingPrice,
        quantity: 1,
        version,
      })
    expect((await edit(1, "Levi's trucker jacket, light wash", 35)).status).toBe(200)
    await t.settle()
    expect(itemOf(seller, listing.id).product.title).toBe("Levi's trucker jacket, light wash")
    expect(offerOf(seller, listing.id).body).toMatchObject({ pricingSummary: { price: { value: '35.00' } } })
    expect(revisionsOf(seller, listing.id).map((revision) => revision.title)).toEqual([
      "Levi's trucker jacket, light wash",
      "Levi's trucker jacket, light wash",
    ])

    await seller.post(`/api/listings/${listing.id}/end-on-ebay`)
    expect((await edit(2, "Levi's trucker jacket, size M", 30)).status).toBe(200)
    await t.settle()
    await seller.post(`/api/listings/${listing.id}/relist-on-ebay`)
    // Changing an ended listing's offer is no revision of a live listing; the relist puts up the edited listing.
    expect(revisionsOf(seller, listing.id)).toHaveLength(2)
    expect(itemOf(seller, listing.id).product.title).toBe("Levi's trucker jacket, size M")
    expect(offerOf(seller, listing.id)).toMatchObject({
      status: 'PUBLISHED',
      body: { pricingSummary: { price: { value: '30.00' } } },
    })
  })

  it('coalesces quick changes into one revision with the latest values', async () => {
    const seller = await connectedSeller('coalesce')
    const listing = await liveListing(seller)
    await change(seller, listing.id, { description: 'First words.' })
    await change(seller, listing.id, { keywords: ['denim', 'trucker'] })
    await change(seller, listing.id, { medianUsedPrice: 30 })

    await t.settle()
    expect(revisionsOf(seller, listing.id).map((revision) => revision.call)).toEqual(['inventory_item', 'offer'])
    expect(itemOf(seller, listing.id).product.description).toBe('First words.')
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: 'done' })
  })

  it('finishes a revision whose reply was lost after eBay replaced the item, without replacing it twice', async () => {
    const seller = await connectedSeller('lost')
    const listing = await liveListing(seller)
    fake.sell.dropNextRevisionReply = 'inventory_item'
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await change(seller, listing.id, { description: 'Sent once.' })
    await t.settle()
    expect(revisionsOf(seller, listing.id).map((revision) => revision.call)).toEqual(['inventory_item'])
    expect(await rowOf(seller, listing.id)).toMatchObject({
      ebayRevisionStatus: 'pending',
      ebayRevisionMessage: 'eBay is not answering right now: Snaplist sends the change again shortly.',
    })

    // The job's retry (pg-boss waits 30 s; here at once): eBay holds the item already, so only the offer goes (after
    // the look at the item, and at the orders of its window).
    await t.jobs.send(REVISION_JOB, { listingId: listing.id })
    const calls = await callsDuring(() => t.settle())
    logged.mockRestore()
    expect(calls.map((call) => call.split(' ')[0])).toEqual(['GET', 'GET', 'PUT'])
    expect(revisionsOf(seller, listing.id).map((revision) => revision.call)).toEqual(['inventory_item', 'offer'])
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: 'done' })
  })

  it("sends a change of quantity alone once eBay answers again, when eBay failed the look at the item's count", async () => {
    const seller = await connectedSeller('look-failed')
    const listing = await liveListing(seller, { quantity: 3 })
    const { version } = await rowOf(seller, listing.id)
    fake.sell.trouble = { path: /\/inventory_item\//, status: 503 }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const patched = await seller.call('PATCH', `/api/listings/${listing.id}`, {
      ...JACKET,
      images: listing.images,
      quantity: 5,
      version,
    })
    expect(patched.status).toBe(200)
    await t.settle()
    fake.sell.trouble = null
    expect(revisionsOf(seller, listing.id)).toEqual([])

    // The retry (pg-boss waits; here at once) finds nothing half done: the look never answered, so the item goes whole.
    await t.jobs.send(REVISION_JOB, { listingId: listing.id })
    await t.settle()
    logged.mockRestore()
    expect(itemOf(seller, listing.id).availability.shipToLocationAvailability.quantity).toBe(5)
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: 'done', quantity: 5 })
  })

  it("shows eBay's refusal in eBay's words, and the next change goes out again", async () => {
    const seller = await connectedSeller('refused')
    const listing = await liveListing(seller, {
      title: 'Vintage tin toy robot',
      brand: '',
      size: '',
      sizeType: '',
      department: '',
    })
    // Snaplist takes a brand of up to 65 characters; eBay's aspect values stop at 50.
    await change(seller, listing.id, { brand: 'B'.repeat(60) })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await t.settle()
    logged.mockRestore()
    const row = await rowOf(seller, listing.id)
    expect(row.ebayRevisionStatus).toBe('refused')
    expect(row.ebayRevisionMessage).toMatch(
      /^eBay refused the request: Input error\. \/product\/aspects\/Brand\/0 must NOT have more than 50 characters/,
    )
    // The place says the same, as every marketplace's place does.
    expect(row.places).toEqual([
      expect.objectContaining({
        marketplace: 'ebay',
        revisionStatus: 'refused',
        revisionMessage: row.ebayRevisionMessage,
      }),
    ])
    expect(revisionsOf(seller, listing.id)).toEqual([])

    await change(seller, listing.id, { description: 'Wind-up, works.' })
    await t.settle()
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: 'refused' })
  })

  it('waits for the next day once eBay has taken its daily revisions of the listing', async () => {
    const seller = await connectedSeller('limit')
    const listing = await liveListing(seller)
    const ebayId = String(offerOf(seller, listing.id).listingId)
    fake.sell.revisionsToday.set(ebayId, REVISIONS_PER_DAY)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await change(seller, listing.id, { description: 'Too many today.' })
    await t.settle()
    logged.mockRestore()
    expect(await rowOf(seller, listing.id)).toMatchObject({
      ebayRevisionStatus: 'waiting',
      ebayRevisionMessage:
        'eBay allows 250 changes a day to a listing: this one goes to eBay after midnight (Pacific time).',
    })
    expect(itemOf(seller, listing.id).product.description).not.toBe('Too many today.')
  })

  it('sends nothing for a listing that was never on eBay', async () => {
    const seller = await connectedSeller('never')
    const images = await uploadPhotos(seller, 1)
    const listing = await readJson(await seller.post('/api/listings', { ...JACKET, images }))
    const calls = await callsDuring(async () => {
      await change(seller, listing.id, { description: 'Only on Snaplist.' })
      await t.settle()
    })
    expect(calls).toEqual([])
    expect(await rowOf(seller, listing.id)).toMatchObject({ ebayRevisionStatus: null })
  })
})

describe('ending and relisting on eBay', () => {
  it('ends with withdrawOffer and relists the same offer; each twice does it once', async () => {
    const seller = await connectedSeller('end')
    const listing = await liveListing(seller)
    const firstId = (await rowOf(seller, listing.id)).platformListingId as string

    let calls = await callsDuring(async () => {
      const ended = await seller.post(`/api/listings/${listing.id}/end-on-ebay`)
      expect(ended.status).toBe(200)
      expect(await readJson(ended)).toMatchObject({
        platformStatus: 'ended',
        viewUrl: null,
        message: 'Your listing has ended on eBay.',
      })
    })
    expect(calls).toEqual([`POST /sell/inventory/v1/offer/${offerOf(seller, listing.id).offerId}/withdraw`])
    expect(offerOf(seller, listing.id).status).toBe('UNPUBLISHED')
    expect(await rowOf(seller, listing.id)).toMatchObject({ platformStatus: 'ended', viewUrl: null })
    calls = await callsDuring(async () =>
      expect((await seller.post(`/api/listings/${listing.id}/end-on-ebay`)).status).toBe(200),
    )
    expect(calls).toEqual([])

    const relisted = await seller.post(`/api/listings/${listing.id}/relist-on-ebay`)
    expect(relisted.status).toBe(200)
    const body = await readJson(relisted)
    expect(body).toMatchObject({
      platformStatus: 'active',
      platformListingId: `ebay-${offerOf(seller, listing.id).listingId}`,
    })
    expect(offerOf(seller, listing.id).status).toBe('PUBLISHED')
    expect(await rowOf(seller, listing.id)).toMatchObject({
      platformStatus: 'active',
      platformListingId: body.platformListingId,
      viewUrl: body.viewUrl,
    })
    expect(body.platformListingId).not.toBe(firstId)
    calls = await callsDuring(async () =>
      expect((await seller.post(`/api/listings/${listing.id}/relist-on-ebay`)).status).toBe(200),
    )
    expect(calls).toEqual([])
  })

  it('counts a listing eBay ended already (a lost reply) as ended', async () => {
    const seller = await connectedSeller('ended-already')
    const listing = await liveListing(seller)
    offerOf(seller, listing.id).status = 'UNPUBLISHED'
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ended = await seller.post(`/api/listings/${listing.id}/end-on-ebay`)
    logged.mockRestore()
    expect(ended.status).toBe(200)
    expect(await rowOf(seller, listing.id)).toMatchObject({ platformStatus: 'ended' })
  })

  it("refuses a listing that is not on eBay, and another seller's", async () => {
    const seller = await connectedSeller('not-posted')
    const images = await uploadPhotos(seller, 1)
    const listing = await readJson(await seller.post('/api/listings', { ...JACKET, images }))
    const notPosted = await seller.post(`/api/listings/${listing.id}/end-on-ebay`)
    expect(notPosted.status).toBe(409)
    expect((await readJson(notPosted)).message).toBe('This listing is not on eBay. Post it to eBay first.')

    const owner = await connectedSeller('owner')
    const live = await liveListing(owner)
    const other = await connectedSeller('other')
    for (const action of ['end-on-ebay', 'relist-on-ebay'])
      expect((await other.post(`/api/listings/${live.id}/${action}`)).status).toBe(404)
    expect(offerOf(owner, live.id).status).toBe('PUBLISHED')
  })

  it('keeps the listing live when eBay is busy, and says so', async () => {
    const seller = await connectedSeller('busy')
    const listing = await liveListing(seller)
    fake.setMode('busy')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ended = await seller.post(`/api/listings/${listing.id}/end-on-ebay`)
    fake.setMode('good')
    logged.mockRestore()
    expect(ended.status).toBe(503)
    expect((await readJson(ended)).code).toBe('ebay_busy')
    expect(await rowOf(seller, listing.id)).toMatchObject({ platformStatus: 'active' })
  })
})

describe('sales on eBay', () => {
  const poll = async (seller: Seller) => {
    await t.jobs.send(SELLER_SALES_JOB, { userId: seller.id })
    await t.settle()
  }

  it('marks a sold listing Sold with price, date and order number, once however often the orders are read', async () => {
    const seller = await connectedSeller('sold')
    const listing = await liveListing(seller)
    const order = fake.sellItem(seller.grant, skuOf(listing.id))
    await poll(seller)
    const row = await rowOf(seller, listing.id)
    expect(row).toMatchObject({
      platformStatus: 'sold',
      quantity: 0,
      soldPrice: 39.5,
      soldOrderId: order.orderId,
      viewUrl: null,
    })
    expect(Date.parse(row.soldAt as string)).toBe(Date.parse(order.creationDate))

    await poll(seller)
    await poll(seller)
    expect(await rowOf(seller, listing.id)).toMatchObject({
      platformStatus: 'sold',
      quantity: 0,
      soldOrderId: order.orderId,
    })
  })

  it("reads the seller's orders at once when the Dashboard asks, once however often it asks within the interval", async () => {
    const seller = await connectedSeller('refresh')
    const listing = await liveListing(seller)
    fake.sellItem(seller.grant, skuOf(listing.id))
    const asks = await Promise.all([1, 2, 3].map(() => seller.post('/api/sales/refresh')))
    expect(asks.map((ask) => ask.status)).toEqual([202, 202, 202])
    expect((await Promise.all(asks.map(readJson))).filter((reply) => reply.queued.length)).toHaveLength(1)
    await t.settle()
    expect(await rowOf(seller, listing.id)).toMatchObject({ platformStatus: 'sold' })
    // Asked again at once: nothing more is queued until the interval has passed.
    expect(await readJson(await seller.post('/api/sales/refresh'))).toEqual({ queued: [] })
    await t.db.sql`update rate_limits set reset_at = now() where key = ${`ebay-sales-refresh:${seller.id}`}`
    expect(await readJson(await seller.post('/api/sales/refresh'))).toEqual({ queued: ['ebay'] })
    // A seller without eBay connected, or whose grant has run out, queues nothing (a job would only fail).
    const unconnected = await registeredClient(t.app, 'no-ebay-refresh')
    expect(await readJson(await unconnected.post('/api/sales/refresh'))).toEqual({ queued: [] })
    const lapsed = await connectedSeller('lapsed-refresh')
    await t.db
      .sql`update marketplace_connections set token_expiry = now() - interval '1 day', refresh_token_expiry = now() - interval '1 day' where user_id = ${lapsed.id}`
    expect(await readJson(await lapsed.post('/api/sales/refresh'))).toEqual({ queued: [] })
  })

  it("says when the seller's sales were last read, on the connection the Dashboard lists (lastSyncedAt)", async () => {
    const seller = await connectedSeller('checked')
    const ebay = async () =>
      ((await readJson(await seller.get('/api/marketplace-connections'))) as { lastSyncedAt: string | null }[])[0]!
    expect(await ebay()).toMatchObject({ platform: 'ebay', lastSyncedAt: null })
    const asked = Date.now()
    expect(await readJson(await seller.post('/api/sales/refresh'))).toEqual({ queued: ['ebay'] })
    await t.settle()
    const { lastSyncedAt } = await ebay()
    expect(Date.parse(lastSyncedAt!)).toBeGreaterThanOrEqual(asked - 1000)
    expect(Date.parse(lastSyncedAt!)).toBeLessThanOrEqual(Date.now())
  })

  it('takes what sold off a larger quantity and stays live until none is left', async () => {
    const seller = await connectedSeller('several')
    const listing = await liveListing(seller, { quantity: 3 })
    fake.sellItem(seller.grant, skuOf(listing.id), 1)
    await poll(seller)
    expect(await rowOf(seller, listing.id)).toMatchObject({ platformStatus: 'active', quantity: 2, soldPrice: 39.5 })
    const last = fake.sellItem(seller.grant, skuOf(listing.id), 2)
    await poll(seller)
    expect(await rowOf(seller, listing.id)).toMatchObject({
      platformStatus: 'sold',
      quantity: 0,
      soldOrderId: last.orderId,
    })
  })

  it("never puts back up a piece sold on eBay that Snaplist has not read yet, and keeps the seller's own change of quantity", async () => {
    const seller = await connectedSeller('stock')
    const listing = await liveListing(seller, { quantity: 3 })
    const quantityOnEbay = () => itemOf(seller, listing.id).availability.shipToLocationAvailability.quantity
    const patch = async (fields: Record<string, unknown>) => {
      const { version } = await rowOf(seller, listing.id)
      expect(
        (
          await seller.call('PATCH', `/api/listings/${listing.id}`, {
            ...JACKET,
            images: listing.images,
            quantity: 3,
            version,
            ...fields,
          })
        ).status,
      ).toBe(200)
      await t.settle()
    }
    fake.sellItem(seller.grant, skuOf(listing.id), 1)
    // Edited before Snaplist read the order: eBay keeps its 2, not Snaplist's 3.
    await patch({ title: 'Trucker jacket, three sizes' })
    expect(quantityOnEbay()).toBe(2)
    // The offer carries no count of its own: eBay sells what the item says.
    expect(offerOf(seller, listing.id).body).not.toHaveProperty('availableQuantity')
    await poll(seller)
    expect(await rowOf(seller, listing.id)).toMatchObject({ quantity: 2 })
    // The seller restocks: 2 → 5 on Snaplist, so eBay's 2 becomes 5.
    await patch({ title: 'Trucker jacket, restocked', quantity: 5 })
    expect(quantityOnEbay()).toBe(5)
  })

  it('reads again from 2 minutes before the last read started, and ignores orders of items not from Snaplist', async () => {
    const seller = await connectedSeller('overlap')
    const listing = await liveListing(seller, { quantity: 5 })
    await poll(seller)
    const [row] = await t.db.sql<
      { polledUntil: Date }[]
    >`select polled_until from sales_polls where user_id = ${seller.id} and marketplace = 'ebay'`
    const polledUntil = row!.polledUntil
    const before = (seconds: number) => new Date(polledUntil.getTime() - seconds * 1000)
    // eBay lists an order a little after it is made: one made 1 minute before the last read is still found…
    sellItem(fake.sell, seller.grant, skuOf(listing.id), 1, before(60))
    // …one made 5 minutes before it was there to be read then (and was not Snaplist's to apply: the test made it late).
    sellItem(fake.sell, seller.grant, skuOf(listing.id), 1, before(300))
    const foreign = sellItem(fake.sell, seller.grant, skuOf(listing.id), 1)
    foreign.lineItems[0]!.sku = 'SOMEONE-ELSES-SKU'
    await poll(seller)
    expect(await rowOf(seller, listing.id)).toMatchObject({ platformStatus: 'active', quantity: 4 })
  })
})
