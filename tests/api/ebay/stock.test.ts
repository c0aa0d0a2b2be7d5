// What eBay may sell of a live listing (api/services/ebay/stock.ts, decision 0030): a revision that does not change the
// stock never raises eBay's count, a sale landing between the revision's look at eBay's count and its write is taken
// off at once, a one-piece listing sold on eBay is not put back up, and a piece sold beyond the stock is shown.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'
import { JACKET } from '../../helpers/jacket.ts'

const opened = ebayAppPerFile()
type Seller = Awaited<ReturnType<typeof registeredClient>> & { grant: string }

async function liveListing(name: string, quantity: number) {
  const seller = await registeredClient(opened.t.app, `${name}-${randomUUID().slice(0, 8)}`)
  const grant = (await connectEbay(opened.fake, seller)).grant
  const images = await uploadPhotos(seller, 1)
  const listing = await readJson(await seller.post('/api/listings', { ...JACKET, images, quantity }))
  const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  const sku = opened.skuOf(listing.id as number)
  const row = async (): Promise<JsonBody> =>
    ((await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]).find(
      (entry) => entry.id === listing.id,
    )!
  /** The seller edits the title (and the quantity if given) and the revision runs. */
  const edit = async (title: string, fields: Record<string, unknown> = {}) => {
    const { version, quantity: now } = await row()
    const body = { ...JACKET, images, title, quantity: now, version, ...fields }
    expect((await seller.call('PATCH', `/api/listings/${listing.id}`, body)).status).toBe(200)
    await opened.t.settle()
  }
  const item = () => opened.fake.inventory(grant).items.get(sku) as JsonBody
  const onEbay = () => item().availability.shipToLocationAvailability.quantity as number
  const poll = async () => {
    await opened.t.jobs.send(SELLER_SALES_JOB, { userId: (seller as unknown as Seller).id })
    await opened.t.settle()
  }
  return { seller, grant, sku, row, edit, onEbay, poll }
}

describe('what eBay may sell of a live listing', () => {
  it('takes off at once a sale that lands between the revision reading eBay’s count and writing it', async () => {
    const live = await liveListing('window', 4)
    opened.fake.sell.sellAfterNextRead = live.sku
    await live.edit('Trucker jacket, a title change only')
    expect(opened.fake.sell.sellAfterNextRead).toBeNull()
    // 4 on eBay, one sold under the write: 3 left, not the 4 the write carried.
    expect(live.onEbay()).toBe(3)
    // The revision read the orders of its window, so Snaplist has the sale too.
    expect(await live.row()).toMatchObject({ quantity: 3, platformStatus: 'active' })
    await live.poll()
    expect(live.onEbay()).toBe(3)
    expect(await live.row()).toMatchObject({ quantity: 3 })
  })

  it('lowers eBay by the seller’s decrease from eBay’s count, and only a seller’s raise raises it', async () => {
    const live = await liveListing('lower', 4)
    opened.fake.sellItem(live.grant, live.sku)
    // Not read by Snaplist yet: eBay has 3; the seller takes one off their 4: eBay gets 2.
    await live.edit('Trucker jacket, one kept back', { quantity: 3 })
    expect(live.onEbay()).toBe(2)
    await live.poll()
    expect(await live.row()).toMatchObject({ quantity: 2 })
    await live.edit('Trucker jacket, restocked', { quantity: 5 })
    expect(live.onEbay()).toBe(5)
    // eBay's offer carries no count of its own, so eBay sells what the item says.
    const offer = [...opened.fake.inventory(live.grant).offers.values()].find((entry) => entry.sku === live.sku)!
    expect(offer.body).not.toHaveProperty('availableQuantity')
  })

  it('does not put back up a one-piece listing sold on eBay before Snaplist read the order', async () => {
    const live = await liveListing('one', 1)
    opened.fake.sellItem(live.grant, live.sku)
    await live.edit('Trucker jacket, edited after it sold')
    expect(live.onEbay()).toBe(0)
    await live.poll()
    expect(await live.row()).toMatchObject({ quantity: 0, platformStatus: 'sold', oversoldOrders: [] })
  })

  it('records and shows a piece sold beyond the stock, with the order that sold the last one', async () => {
    const live = await liveListing('oversold', 1)
    const first = opened.fake.sellItem(live.grant, live.sku)
    // eBay sold it twice (put back up by hand on eBay, say): the second order is one Snaplist had no piece for.
    const inventory = opened.fake.inventory(live.grant)
    ;(inventory.items.get(live.sku) as JsonBody).availability.shipToLocationAvailability.quantity = 1
    for (const offer of inventory.offers.values()) if (offer.sku === live.sku) offer.status = 'PUBLISHED'
    const second = opened.fake.sellItem(live.grant, live.sku)
    await live.poll()
    expect(await live.row()).toMatchObject({
      quantity: 0,
      platformStatus: 'sold',
      soldOrderId: first.orderId,
      oversoldOrders: [{ marketplace: 'ebay', orderId: second.orderId }],
    })
  })
})
