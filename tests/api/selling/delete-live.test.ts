// Deleting a listing that is live on eBay (docs/decisions/0023), against the eBay stand-in: it leaves the Dashboard at
// once, is ended on eBay by a durable job (retried when eBay is away), and is deleted once a last read of the orders
// found no sale; a sale made before eBay ended it brings it back as sold.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DELETE_AFTER_END_JOB, END_BEFORE_DELETE_JOB } from '../../../api/services/selling/delete-live.ts'
import { sellItem } from '../../fakes/ebay-sell.ts'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { dueNow } from '../../helpers/jobs.ts'

type Seller = Awaited<ReturnType<typeof registeredClient>> & { grant: string }

const ebay = ebayAppPerFile()

async function liveListing(): Promise<{ seller: Seller; id: number }> {
  const seller = await registeredClient(ebay.t.app, `delete-${randomUUID().slice(0, 8)}`)
  Object.assign(seller, { grant: (await connectEbay(ebay.fake, seller)).grant })
  const created = await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) })
  const { id } = await readJson(created)
  const posted = await seller.post(`/api/listings/${id}/post-to-ebay`, {
    aspects: { Type: 'Jacket' },
    postalCode: '95125',
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
  return { seller: seller as Seller, id: id as number }
}

const offerStatus = (seller: Seller, id: number) =>
  [...ebay.fake.inventory(seller.grant).offers.values()].find((offer) => offer.sku === ebay.skuOf(id))?.status
const dashboard = async (seller: Seller) => (await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]
const rowExists = async (id: number) => (await ebay.t.db.sql`select 1 from listings where id = ${id}`).length === 1

describe('deleting a listing live on eBay', () => {
  it('leaves the Dashboard at once, ends it on eBay, and deletes it after a last look at the orders', async () => {
    const { seller, id } = await liveListing()
    expect(offerStatus(seller, id)).toBe('PUBLISHED')

    const deleted = await seller.call('DELETE', `/api/listings/${id}`)
    expect(deleted.status).toBe(202)
    expect(await readJson(deleted)).toMatchObject({ endingOn: ['ebay'] })
    expect((await dashboard(seller)).map((listing) => listing.id)).not.toContain(id)

    await ebay.t.settle()
    expect(offerStatus(seller, id)).toBe('UNPUBLISHED')
    // Kept until a sale made just before the end has had time to reach getOrders.
    expect(await rowExists(id)).toBe(true)

    await dueNow(ebay.t.db.sql, DELETE_AFTER_END_JOB)
    await ebay.t.settle()
    expect(await rowExists(id)).toBe(false)
    expect((await dashboard(seller)).map((listing) => listing.id)).not.toContain(id)
  })

  it('is ended by the retry when eBay was down at the first try (a process that died mid-delete is the same job)', async () => {
    const { seller, id } = await liveListing()
    expect((await seller.call('DELETE', `/api/listings/${id}`)).status).toBe(202)

    ebay.fake.sell.mode = 'down'
    try {
      await ebay.t.settle()
    } finally {
      ebay.fake.sell.mode = 'good'
    }
    expect(offerStatus(seller, id)).toBe('PUBLISHED')
    expect(await rowExists(id)).toBe(true)

    await dueNow(ebay.t.db.sql, END_BEFORE_DELETE_JOB)
    await ebay.t.settle()
    expect(offerStatus(seller, id)).toBe('UNPUBLISHED')
    await dueNow(ebay.t.db.sql, DELETE_AFTER_END_JOB)
    await ebay.t.settle()
    expect(await rowExists(id)).toBe(false)
  })

  it('brings it back as sold when it sold on eBay before it ended', async () => {
    const { seller, id } = await liveListing()
    expect((await seller.call('DELETE', `/api/listings/${id}`)).status).toBe(202)
    const order = sellItem(ebay.fake.sell, seller.grant, ebay.skuOf(id))

    await ebay.t.settle()
    await dueNow(ebay.t.db.sql, DELETE_AFTER_END_JOB)
    await ebay.t.settle()
    expect(await rowExists(id)).toBe(true)
    expect((await dashboard(seller)).find((listing) => listing.id === id)).toMatchObject({
      platformStatus: 'sold',
      soldOrderId: order.orderId,
    })
  })

  it('deletes a listing that is not live on eBay at once, as before', async () => {
    const seller = await registeredClient(ebay.t.app, `plain-${randomUUID().slice(0, 8)}`)
    const { id } = await readJson(
      await seller.post('/api/listings', { ...JACKET, images: await uploadPhotos(seller, 1) }),
    )
    const deleted = await seller.call('DELETE', `/api/listings/${id}`)
    expect(deleted.status).toBe(200)
    expect(await readJson(deleted)).toMatchObject({ endingOn: [] })
    expect(await rowExists(id as number)).toBe(false)
  })
})
