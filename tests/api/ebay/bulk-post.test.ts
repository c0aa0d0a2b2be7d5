// Posting many listings to eBay at once (docs/product.md §17) against the eBay stand-in: one job per listing, each
// published exactly once however often the request or a job is repeated; one lacking a detail is refused with why.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { connectEbay, ebayAppPerFile, ebaySkus } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

type Client = Awaited<ReturnType<typeof registeredClient>>

const ebay = ebayAppPerFile()

const TEE = {
  brand: 'Hanes',
  size: 'L',
  sizeType: 'Regular',
  department: 'Men',
  color: 'black',
  price: 12,
  quantity: 1,
  category: 'clothing',
  description: 'Soft, no holes.',
}

async function listing(seller: Client, fields: Record<string, unknown>): Promise<number> {
  const response = await seller.post('/api/listings', { ...TEE, ...fields, images: await uploadPhotos(seller, 1) })
  expect(response.status).toBe(201)
  return (await readJson(response)).id as number
}

const livesOnEbay = async (grant: string, listingId: number) => {
  const sku = (await ebaySkus(ebay.t))(listingId)
  return [...ebay.fake.sell.listings.values()].filter((entry) => entry.seller === grant && entry.sku === sku).length
}

describe('POST /api/ebay/bulk-posts', () => {
  it('posts five listings as jobs: four go live with View on eBay links, one is refused for a missing detail', async () => {
    const seller = await registeredClient(ebay.t.app, `bulk-${randomUUID().slice(0, 8)}`)
    const { grant } = await connectEbay(ebay.fake, seller)
    const ids = [
      await listing(seller, { title: 'Band tee 1' }),
      await listing(seller, { title: 'Band tee 2' }),
      await listing(seller, { title: 'Plain tee without a brand', brand: '' }),
      await listing(seller, { title: 'Band tee 3' }),
      await listing(seller, { title: 'Band tee 4' }),
    ]
    const request = { clientId: randomUUID(), listingIds: ids, postalCode: '95125' }
    const started = await seller.post('/api/ebay/bulk-posts', request)
    expect(started.status).toBe(202)
    const queued = await readJson(started)
    expect(queued).toMatchObject({ done: false })
    expect((queued.items as JsonBody[]).map((item) => item.status)).toEqual(Array(5).fill('queued'))

    // The phone lost the reply and sends it again: the same request, nothing queued twice.
    const again = await seller.post('/api/ebay/bulk-posts', request)
    expect(again.status).toBe(200)
    expect((await readJson(again)).id).toBe(queued.id)

    await ebay.t.settle()
    const finished = await readJson(await seller.get(`/api/ebay/bulk-posts/${queued.id}`))
    expect(finished.done).toBe(true)
    const items = finished.items as JsonBody[]
    expect(items.map((item) => [item.title, item.status])).toEqual([
      ['Band tee 1', 'posted'],
      ['Band tee 2', 'posted'],
      ['Plain tee without a brand', 'refused'],
      ['Band tee 3', 'posted'],
      ['Band tee 4', 'posted'],
    ])
    expect(items[2]).toMatchObject({ code: 'ebay_missing_fields', viewUrl: null })
    expect(items[2]!.message).toContain('Missing required fields: Brand')
    for (const item of items.filter((entry) => entry.status === 'posted'))
      expect(item.viewUrl).toMatch(/^https:\/\/sandbox\.ebay\.com\/itm\/\d+$/)
    expect(await Promise.all(ids.map((id) => livesOnEbay(grant, id)))).toEqual([1, 1, 0, 1, 1])

    // Another request for the same listings publishes none of them again.
    const repeat = await readJson(
      await seller.post('/api/ebay/bulk-posts', { clientId: randomUUID(), listingIds: [ids[0]!, ids[1]!] }),
    )
    await ebay.t.settle()
    expect(
      ((await readJson(await seller.get(`/api/ebay/bulk-posts/${repeat.id}`))).items as JsonBody[]).map(
        (item) => item.status,
      ),
    ).toEqual(['posted', 'posted'])
    expect(await Promise.all(ids.map((id) => livesOnEbay(grant, id)))).toEqual([1, 1, 0, 1, 1])
  })

  it("refuses a listing that is not the seller's and queues nothing", async () => {
    const alice = await registeredClient(ebay.t.app, `alice-${randomUUID().slice(0, 8)}`)
    const bob = await registeredClient(ebay.t.app, `bob-${randomUUID().slice(0, 8)}`)
    const hers = await listing(alice, { title: 'Alice tee' })
    const mine = await listing(bob, { title: 'Bob tee' })
    const refused = await bob.post('/api/ebay/bulk-posts', { clientId: randomUUID(), listingIds: [mine, hers] })
    expect(refused.status).toBe(404)
    const [made] = await ebay.t.db.sql<
      { count: number }[]
    >`select count(*)::int as count from ebay_bulk_posts where user_id = ${bob.id}`
    expect(made!.count).toBe(0)
    expect((await bob.post('/api/ebay/bulk-posts', { clientId: randomUUID(), listingIds: [mine, mine] })).status).toBe(
      400,
    )
  })
})
