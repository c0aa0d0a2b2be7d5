// Bulk actions on a selection (issue 31, docs/decisions/0038) against the eBay stand-in: a price by percent with a
// floor or by an amount, a quantity, ending and deleting, each listing changed once however often a job runs; live
// eBay prices 25 to a bulkUpdatePriceQuantity call; eBay busy or down waited out; another seller's listing refused.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BULK_ACTION_JOB } from '../../../api/services/selling/bulk-action-job.ts'
import { DELETE_AFTER_END_JOB } from '../../../api/services/selling/delete-live.ts'
import { jobSchemaFor } from '../../../api/services/jobs.ts'
import { cipher, connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { copyLiveListing } from '../../helpers/many-live.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

const ebay = ebayAppPerFile()
type Seller = Awaited<ReturnType<typeof registeredClient>> & { grant: string }

/** A seller with `live` listings on eBay (the jacket at $39.50, copies of one published) and one ready at $50. */
async function sellerWith(live: number) {
  const seller = (await registeredClient(ebay.t.app, `bulk-${randomUUID().slice(0, 8)}`)) as Seller
  seller.grant = (await connectEbay(ebay.fake, seller)).grant
  const images = await uploadPhotos(seller, 1)
  const first = (await readJson(await seller.post('/api/listings', { ...JACKET, images }))).id as number
  const posted = await seller.post(`/api/listings/${first}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  const copies = live > 1 ? await copyLiveListing(ebay.t.db.sql, ebay.fake, seller.grant, first, live - 1) : []
  const ready = (await readJson(await seller.post('/api/listings', { ...JACKET, askingPrice: 50, images })))
    .id as number
  return { seller, live: [first, ...copies], ready }
}

const start = async (seller: Seller, action: unknown, listingIds: number[]) => {
  const response = await seller.post('/api/bulk-actions', {
    clientId: randomUUID(),
    action,
    selection: { by: 'ids', listingIds },
  })
  expect(response.status, await response.clone().text()).toBe(202)
  return (await readJson(response)).id as number
}
const progress = async (seller: Seller, id: number) => readJson(await seller.get(`/api/bulk-actions/${id}`))
const rows = async (seller: Seller) =>
  new Map(((await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]).map((row) => [row.id, row]))
const offerOf = (seller: Seller, id: number) =>
  [...ebay.fake.inventory(seller.grant).offers.values()].find((offer) => offer.sku === ebay.skuOf(id))!
const ebayPrice = (seller: Seller, id: number) =>
  (offerOf(seller, id).body.pricingSummary as { price: { value: string } }).price.value
const bulkCalls = () => ebay.fake.calls.filter((call) => call.endsWith('/bulk_update_price_quantity')).length

/** The clock moved on: a job's next try (a retry's back-off) is due now. */
async function dueNow(name: string) {
  const schema = await jobSchemaFor(ebay.t.db.sql)
  await ebay.t.db
    .sql`update ${ebay.t.db.sql(schema)}.job set start_after = now() where name = ${name} and state in ('created', 'retry')`
}

describe('POST /api/bulk-actions', () => {
  it('cuts prices by 10% never below the floor: live eBay ones in one bulk call, the rest on Snaplist alone', async () => {
    const { seller, live, ready } = await sellerWith(3)
    // One listing is already below the floor: it stays as it is.
    await ebay.t.db.sql`update listings set asking_price_cents = 3000 where id = ${live[2]!}`
    const calls = bulkCalls()
    const id = await start(seller, { kind: 'price', by: 'percent', direction: 'down', value: 10, floor: 36 }, [
      ...live,
      ready,
    ])
    expect(await progress(seller, id)).toMatchObject({ total: 4, finished: 0, done: false })
    await ebay.t.settle()
    const view = await progress(seller, id)
    expect(view).toMatchObject({ total: 4, finished: 4, unchanged: 1, failures: [], done: true })
    // The result names the listings the floor held (issue 47): two stopped at it, one already below it.
    expect(view.heldAtFloor).toEqual([
      { listingId: live[0], title: JACKET.title, lowered: true },
      { listingId: live[1], title: JACKET.title, lowered: true },
      { listingId: live[2], title: JACKET.title, lowered: false },
    ])
    const after = await rows(seller)
    // $39.50 less 10% is $35.55: the floor holds it at $36. $50 less 10% is $45.
    expect([...live, ready].map((listing) => after.get(listing)!.askingPrice)).toEqual([36, 36, 30, 45])
    expect(live.map((listing) => ebayPrice(seller, listing))).toEqual(['36.00', '36.00', '39.50'])
    expect(bulkCalls() - calls).toBe(1)
  })

  it("stops a cut at the listing's own floor where it is above the floor typed (decision 0075)", async () => {
    const { seller, live } = await sellerWith(2)
    // $28 cost and the default $5 minimum profit: live on eBay alone, its floor is $38.66 after eBay's fees.
    await ebay.t.db.sql`update listings set cost_cents = 2800 where id = ${live[0]!}`
    const id = await start(seller, { kind: 'price', by: 'percent', direction: 'down', value: 10, floor: 30 }, live)
    await ebay.t.settle()
    expect((await progress(seller, id)).heldAtFloor).toEqual([
      { listingId: live[0], title: JACKET.title, lowered: true },
    ])
    const after = await rows(seller)
    expect(live.map((listing) => after.get(listing)!.askingPrice)).toEqual([38.66, 35.55])
    expect(ebayPrice(seller, live[0]!)).toBe('38.66')
  })

  it('raises prices by an amount, and tells eBay’s refusal of one listing in eBay’s words', async () => {
    const { seller, live } = await sellerWith(2)
    ebay.fake.sell.revisionsToday.set(offerOf(seller, live[1]!).listingId!, 250)
    const id = await start(seller, { kind: 'price', by: 'amount', direction: 'up', value: 5.25 }, live)
    await ebay.t.settle()
    const view = await progress(seller, id)
    expect(view).toMatchObject({ finished: 2, done: true })
    expect(view.failures).toEqual([
      expect.objectContaining({
        listingId: live[1],
        code: 'ebay_25019',
        message: expect.stringContaining('Cannot revise'),
      }),
    ])
    expect(ebayPrice(seller, live[0]!)).toBe('44.75')
    expect((await rows(seller)).get(live[0]!)!.askingPrice).toBe(44.75)
  })

  it('sets the quantity: a live listing through its eBay revision, a ready one on Snaplist', async () => {
    const { seller, live, ready } = await sellerWith(1)
    const id = await start(seller, { kind: 'quantity', quantity: 3 }, [live[0]!, ready])
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ finished: 2, done: true, failures: [] })
    const after = await rows(seller)
    expect([after.get(live[0]!)!.quantity, after.get(ready)!.quantity]).toEqual([3, 3])
    const item = ebay.fake.inventory(seller.grant).items.get(ebay.skuOf(live[0]!)) as JsonBody
    expect(item.availability.shipToLocationAvailability.quantity).toBe(3)
  })

  it('ends listings on every marketplace they are live on, and leaves one not live as it is', async () => {
    const { seller, live, ready } = await sellerWith(2)
    const id = await start(seller, { kind: 'end' }, [...live, ready])
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ finished: 3, unchanged: 1, done: true, failures: [] })
    expect(live.map((listing) => offerOf(seller, listing).status)).toEqual(['UNPUBLISHED', 'UNPUBLISHED'])
    const after = await rows(seller)
    expect(live.map((listing) => after.get(listing)!.platformStatus)).toEqual(['ended', 'ended'])
  })

  it('deletes listings: a ready one at once, a live one once eBay has ended it', async () => {
    const { seller, live, ready } = await sellerWith(1)
    const id = await start(seller, { kind: 'delete' }, [live[0]!, ready])
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ finished: 2, done: true })
    expect([...(await rows(seller)).keys()]).toEqual([])
    expect(offerOf(seller, live[0]!).status).toBe('UNPUBLISHED')
    await dueNow(DELETE_AFTER_END_JOB)
    await ebay.t.settle()
    expect((await ebay.t.db.sql`select id from listings where id = any(${[live[0]!, ready]}::int[])`).length).toBe(0)
  })

  it('changes 1,000 live prices in 40 eBay calls, each listing once though its job runs again', async () => {
    const { seller, live } = await sellerWith(1000)
    const calls = bulkCalls()
    const id = await start(seller, { kind: 'price', by: 'percent', direction: 'up', value: 10 }, live)
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ total: 1000, finished: 1000, done: true, failures: [] })
    expect(bulkCalls() - calls).toBe(40)
    // A job run a second time (its process died before pg-boss heard it finished) changes nothing.
    await ebay.t.jobs.send(BULK_ACTION_JOB, { userId: seller.id, bulkActionId: id, listingIds: live.slice(0, 25) })
    await ebay.t.settle()
    expect(bulkCalls() - calls).toBe(40)
    const prices = await ebay.t.db.sql<{ cents: number }[]>`
      select asking_price_cents as cents from listings where id = any(${live}::int[])`
    // $39.50 plus 10% is $43.45, once: twice would be $47.80.
    expect(new Set(prices.map((row) => row.cents))).toEqual(new Set([4345]))
    expect(new Set(live.map((listing) => ebayPrice(seller, listing)))).toEqual(new Set(['43.45']))
  }, 120_000)

  it('waits out eBay busy and down: a job failing after the prices changed on Snaplist sends them, not another 10%', async () => {
    const { seller, live } = await sellerWith(30)
    ebay.fake.sell.trouble = { path: /bulk_update_price_quantity/, status: 429 }
    const id = await start(seller, { kind: 'price', by: 'percent', direction: 'down', value: 10, floor: 1 }, live)
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ finished: 0, done: false })
    ebay.fake.sell.trouble = { path: /bulk_update_price_quantity/, status: 503 }
    await dueNow(BULK_ACTION_JOB)
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ finished: 0, done: false })
    ebay.fake.sell.trouble = null
    await dueNow(BULK_ACTION_JOB)
    await ebay.t.settle()
    expect(await progress(seller, id)).toMatchObject({ finished: 30, done: true, failures: [] })
    const after = await rows(seller)
    // $39.50 less 10% once is $35.55 (twice would be $32.00).
    expect(new Set(live.map((listing) => after.get(listing)!.askingPrice))).toEqual(new Set([35.55]))
    expect(new Set(live.map((listing) => ebayPrice(seller, listing)))).toEqual(new Set(['35.55']))
  })

  it("refuses another seller's listing, and bad input, with a 4xx that changes nothing", async () => {
    const { seller, ready } = await sellerWith(1)
    const other = await sellerWith(1)
    const price = { kind: 'price', by: 'percent', direction: 'down', value: 10, floor: 5 }
    const send = (action: unknown, selection: unknown) =>
      seller.post('/api/bulk-actions', { clientId: randomUUID(), action, selection })
    const refused = await send(price, { by: 'ids', listingIds: [ready, other.ready] })
    expect(refused.status).toBe(404)
    const cases: [unknown, unknown][] = [
      [
        { ...price, floor: -1 },
        { by: 'ids', listingIds: [ready] },
      ],
      [
        { ...price, value: 100 },
        { by: 'ids', listingIds: [ready] },
      ],
      [
        { ...price, direction: 'up', value: 901 },
        { by: 'ids', listingIds: [ready] },
      ],
      [
        { ...price, value: 0 },
        { by: 'ids', listingIds: [ready] },
      ],
      [
        { kind: 'quantity', quantity: 0 },
        { by: 'ids', listingIds: [ready] },
      ],
      [price, { by: 'ids', listingIds: [] }],
      [price, { by: 'ids', listingIds: Array.from({ length: 1001 }, (_, index) => index + 1) }],
      [price, { by: 'search', q: 'no listing is called this' }],
    ]
    for (const [action, selection] of cases) {
      const response = await send(action, selection)
      expect(response.status, JSON.stringify([action, selection])).toBe(400)
    }
    const [made] = await ebay.t.db.sql<{ count: number }[]>`
      select count(*)::int as count from bulk_actions where user_id = ${seller.id}`
    expect(made!.count).toBe(0)
    expect((await rows(seller)).get(ready)!.askingPrice).toBe(50)
    expect((await rows(other.seller)).get(other.ready)!.askingPrice).toBe(50)
  })

  it('takes every listing the search finds, and answers the same action when the phone sends it again', async () => {
    const { seller, live, ready } = await sellerWith(3)
    const request = {
      clientId: randomUUID(),
      action: { kind: 'quantity', quantity: 2 },
      selection: { by: 'search', q: 'trucker', status: 'live' },
    }
    const first = await seller.post('/api/bulk-actions', request)
    expect(first.status).toBe(202)
    const made = await readJson(first)
    expect(made.total).toBe(3)
    const again = await seller.post('/api/bulk-actions', request)
    expect(again.status).toBe(200)
    expect((await readJson(again)).id).toBe(made.id)
    await ebay.t.settle()
    const after = await rows(seller)
    expect(live.map((listing) => after.get(listing)!.quantity)).toEqual([2, 2, 2])
    expect(after.get(ready)!.quantity).toBe(1)
  })

  it('the eBay stand-in takes 25 requests in one bulkUpdatePriceQuantity call and refuses 26, as eBay does', async () => {
    const { seller, live } = await sellerWith(26)
    const [row] = await ebay.t.db.sql<{ sealed: string }[]>`
      select access_token as sealed from marketplace_connections where user_id = ${seller.id} and platform = 'ebay'`
    const requests = live.map((listing) => ({
      sku: ebay.skuOf(listing),
      offers: [{ offerId: offerOf(seller, listing).offerId, price: { value: '41.00', currency: 'USD' } }],
    }))
    const send = (body: unknown) =>
      fetch(`${ebay.fake.url}/sell/inventory/v1/bulk_update_price_quantity`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${cipher.open(row!.sealed)!}`,
          'content-type': 'application/json',
          'accept-language': 'en-US',
        },
        body: JSON.stringify(body),
      })
    const tooMany = await send({ requests })
    expect(tooMany.status).toBe(400)
    expect(JSON.stringify(await tooMany.json())).toContain('1 to 25')
    expect(ebayPrice(seller, live[0]!)).toBe('39.50')
    const taken = await send({ requests: requests.slice(0, 25) })
    expect(taken.status).toBe(200)
    const { responses } = (await taken.json()) as { responses: { statusCode: number }[] }
    expect(responses.map((response) => response.statusCode)).toEqual(Array(25).fill(200))
    expect(ebayPrice(seller, live[0]!)).toBe('41.00')
  })
})
