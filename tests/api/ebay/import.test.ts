// Bringing a seller's live eBay listings into Snaplist (issue 31, docs/decisions/0037): both kinds (Inventory API and
// ebay.com's Trading listings) become listings linked to their eBay item, with photos copied in; importing again, or
// after a process died midway, makes nothing twice; eBay's call limit is waited out; a sale of an imported listing is
// found and the other marketplace follows; an edit reaches a Trading listing by ReviseInventoryStatus; the import is the
// seller's alone.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IMPORT_JOB } from '../../../api/services/ebay/import.ts'
import { SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { jobSchemaFor } from '../../../api/services/jobs.ts'
import { ETSY_SELLER_SALES_JOB } from '../../../api/services/etsy/sales.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import { cipher, connectEbay, ebayApp, ebayConfigFor } from '../../helpers/ebay.ts'
import { connectEtsy, etsyOptions } from '../../helpers/etsy.ts'
import { readJson, registeredClient, type JsonBody, type TestApp } from '../../helpers/test-app.ts'

let ebay: FakeEbay
let etsy: FakeEtsy
let t: TestApp

beforeAll(async () => {
  ebay = await startFakeEbay()
  etsy = await startFakeEtsy({ sharedSecret: 'the-shared-secret' })
  const { provider, etsyConfig } = etsyOptions(etsy)
  t = await ebayApp(ebayConfigFor(ebay), { marketplaces: { cipher, providers: { etsy: provider } }, etsyConfig })
})
afterAll(async () => {
  await t.close()
  await Promise.all([ebay.close(), etsy.close()])
})
beforeEach(() => {
  ebay.sell.downAfterCalls = null
  ebay.sell.tradingBusyCalls = 0
})

async function seller(name: string) {
  const client = await registeredClient(t.app, `${name}-${randomUUID().slice(0, 8)}`)
  const { grant } = await connectEbay(ebay, client)
  const rows = async () => (await readJson(await client.get('/api/listings'))) as unknown as JsonBody[]
  const status = async () => readJson(await client.get('/api/ebay/import'))
  return { client, grant, rows, status }
}

/** Every imported listing of the seller appears once: as many rows as distinct eBay items. */
async function duplicates(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ rows: number; items: number }[]>`
    select count(*)::int as rows, count(distinct ebay_imported_item_id)::int as items from listings
    where user_id = ${userId} and ebay_imported_item_id is not null`
  return row!.rows - row!.items
}

describe('importing from eBay', () => {
  it('brings both kinds of live listing, with photos, price, quantity and item specifics, linked to eBay', async () => {
    const { client, grant, rows, status } = await seller('both')
    const seeded = ebay.seedLive(grant, { inventory: 3, trading: 2, auctions: 1, variations: 1, pictures: 2 })
    expect((await client.post('/api/ebay/import')).status).toBe(202)
    await t.settle()
    // The auction is not in the fixed-price list; the variation listing is counted and left.
    expect(await status()).toMatchObject({ status: 'done', imported: 5, total: 6, skipped: 1 })
    const listings = await rows()
    expect(listings).toHaveLength(5)
    const onInventory = listings.find((row) => row.platformListingId === `ebay-${seeded.inventory[0]}`)!
    expect(onInventory).toMatchObject({
      ebayImported: 'inventory',
      askingPrice: 39.5,
      quantity: 2,
      brand: "Levi's",
      color: 'blue',
      size: 'M',
      category: 'other',
      platformStatus: 'active',
      description: 'Light wash denim, no stains.',
    })
    expect(onInventory.viewUrl).toContain(seeded.inventory[0])
    const fromEbayCom = listings.find((row) => row.platformListingId === `ebay-${seeded.trading[0]}`)!
    expect(fromEbayCom).toMatchObject({
      ebayImported: 'trading',
      askingPrice: 64,
      quantity: 3,
      brand: 'Pendleton',
      color: 'red',
      category: 'home',
      description: 'Warm & soft.\nMade in USA.',
    })
    // eBay's pictures are the seller's photos now, served by Snaplist (thumbnails, Etsy and offline use them).
    for (const row of listings) {
      expect(row.images).toHaveLength(2)
      for (const image of row.images as string[]) expect((await client.get(image)).status).toBe(200)
    }
    // The Trading listings were read, never migrated: no SKU or offer was made for them on eBay.
    expect(ebay.inventory(grant).items.size).toBe(3)
  })

  it('makes nothing twice when the seller imports again', async () => {
    const { client, grant, rows, status } = await seller('twice')
    ebay.seedLive(grant, { inventory: 2, trading: 2 })
    await client.post('/api/ebay/import')
    await t.settle()
    expect((await client.post('/api/ebay/import')).status).toBe(202)
    await t.settle()
    expect(await rows()).toHaveLength(4)
    expect(await status()).toMatchObject({ status: 'done', imported: 4, total: 4 })
    expect(await duplicates(client.id)).toBe(0)
  })

  it('goes on from its page after its process died midway, with no listing made twice', async () => {
    const { client, grant, rows, status } = await seller('killed')
    ebay.seedLive(grant, { inventory: 130, trading: 40, pictures: 0 })
    // eBay stops answering partway through the first page, as if the process importing it were killed.
    ebay.sell.downAfterCalls = 70
    await client.post('/api/ebay/import')
    await t.settle()
    const before = (await rows()).length
    expect(before).toBeGreaterThan(10)
    expect(before).toBeLessThan(170)
    expect(await status()).toMatchObject({ status: 'running' })
    // A killed process leaves no word of eBay behind (this one, stopped by eBay, noted it): as the killed one's row is.
    await t.db.sql`update ebay_imports set message = null where user_id = ${client.id}`
    // Importing again while the page is still taken for under way starts nothing new.
    expect((await client.post('/api/ebay/import')).status).toBe(200)
    ebay.sell.downAfterCalls = null
    // The page stopped moving long enough ago: the seller's next tap goes on from it.
    await t.db.sql`update ebay_imports set updated_at = now() - interval '5 minutes' where user_id = ${client.id}`
    expect((await client.post('/api/ebay/import')).status).toBe(202)
    await t.settle()
    expect(await status()).toMatchObject({ status: 'done', imported: 170, total: 170 })
    expect(await rows()).toHaveLength(170)
    expect(await duplicates(client.id)).toBe(0)
  })

  it("waits out eBay's call limit and goes on", async () => {
    const { client, grant, status } = await seller('busy')
    ebay.seedLive(grant, { trading: 3 })
    ebay.sell.tradingBusyCalls = 3
    await client.post('/api/ebay/import')
    await t.settle()
    expect(ebay.sell.tradingBusyCalls).toBe(0)
    expect(await status()).toMatchObject({ status: 'done', imported: 3 })
  })

  it('finds the sale of an imported ebay.com listing and ends it on Etsy', async () => {
    const { client, grant, rows } = await seller('sold')
    await connectEtsy(etsy, client)
    const [itemId] = ebay.seedLive(grant, { trading: 1 }).trading
    await client.post('/api/ebay/import')
    await t.settle()
    const [row] = await rows()
    const answers = { whoMade: 'someone_else', whenMade: '1990s', isSupply: false }
    const onEtsy = await client.post(`/api/listings/${row!.id}/post-to-etsy`, answers)
    expect(onEtsy.status, await onEtsy.clone().text()).toBe(200)
    const order = ebay.sellTradingItem(grant, itemId!, 3)
    await t.jobs.send(SELLER_SALES_JOB, { userId: client.id })
    await t.jobs.send(ETSY_SELLER_SALES_JOB, { userId: client.id })
    await t.settle()
    await t.settle()
    const [sold] = await rows()
    expect(sold).toMatchObject({ quantity: 0, platformStatus: 'sold', soldOn: 'ebay', soldOrderId: order.orderId })
    expect(sold!.etsyStatus).toBe('inactive')
  })

  it("sends an edit's price and quantity to an ebay.com listing by ReviseInventoryStatus, and ends it there", async () => {
    const { client, grant, rows } = await seller('revise')
    const [itemId] = ebay.seedLive(grant, { trading: 1 }).trading
    await client.post('/api/ebay/import')
    await t.settle()
    const [row] = await rows()
    const { id, version, title, description, price, medianUsedPrice, category, keywords, color, images } = row!
    const { brand, size, type, sizeType, department } = row!
    const edit = { title: 'A new title', description, price, medianUsedPrice, category, keywords, color, images }
    const changed = await client.call('PATCH', `/api/listings/${id}`, {
      ...edit,
      ...{ brand, size, type, sizeType, department, version, askingPrice: 55, quantity: 5 },
    })
    expect(changed.status, await changed.clone().text()).toBe(200)
    await t.settle()
    const onEbay = ebay.sell.trading.get(grant)!.get(itemId!)!
    expect(onEbay).toMatchObject({ price: 55, quantity: 5, title: expect.stringContaining('Pendleton') as unknown })
    expect(title).not.toBe('A new title')
    expect((await rows())[0]).toMatchObject({ ebayRevisionStatus: 'done' })
    expect((await client.post(`/api/listings/${id}/end-on-ebay`)).status).toBe(200)
    expect(onEbay.status).toBe('Completed')
  })

  it("eBay not answering: said in words while the job is tried again, and the seller's Retry goes on at once", async () => {
    const { client, grant, status } = await seller('away')
    ebay.seedLive(grant, { inventory: 1, trading: 1 })
    ebay.inventory(grant).trouble = 503
    try {
      expect((await client.post('/api/ebay/import')).status).toBe(202)
      await t.settle()
      expect(await status()).toMatchObject({
        status: 'running',
        imported: 0,
        message: "eBay isn't answering; we'll keep trying.",
      })
    } finally {
      delete ebay.inventory(grant).trouble
    }
    // Retry: goes on now, not when the job's back-off is over.
    expect((await client.post('/api/ebay/import')).status).toBe(202)
    await t.settle()
    expect(await status()).toMatchObject({ status: 'done', imported: 2, total: 2, message: null })
  })

  it('stops, said in words, when the last try finds eBay away too; Retry starts it again and nothing is made twice', async () => {
    const { client, grant, rows, status } = await seller('gone')
    ebay.seedLive(grant, { trading: 2 })
    ebay.inventory(grant).trouble = 503
    try {
      await client.post('/api/ebay/import')
      await t.settle()
      // The back-off's tries are spent: the retry waiting is the last, and due now.
      const jobs = await jobSchemaFor(t.db.sql)
      await t.db.sql`
        update ${t.db.sql(jobs)}.job set retry_count = retry_limit, start_after = now()
        where name = ${IMPORT_JOB} and state = 'retry'`
      await t.settle()
      expect(await status()).toMatchObject({
        status: 'failed',
        message:
          "eBay hasn't answered for a while, so the import stopped. Retry starts it again: nothing is brought twice.",
      })
    } finally {
      delete ebay.inventory(grant).trouble
    }
    expect((await client.post('/api/ebay/import')).status).toBe(202)
    await t.settle()
    expect(await status()).toMatchObject({ status: 'done', imported: 2, message: null })
    expect(await rows()).toHaveLength(2)
  })

  it("is the seller's alone: another seller sees none of it and cannot start it without eBay", async () => {
    const owner = await seller('owner')
    ebay.seedLive(owner.grant, { trading: 2 })
    await owner.client.post('/api/ebay/import')
    await t.settle()
    const other = await registeredClient(t.app, `other-${randomUUID().slice(0, 8)}`)
    expect(await readJson(await other.get('/api/ebay/import'))).toMatchObject({ status: 'none', imported: 0 })
    const refused = await other.post('/api/ebay/import')
    expect(refused.status).toBe(409)
    expect(await readJson(refused)).toMatchObject({ code: 'ebay_not_connected' })
    expect(await readJson(await other.get('/api/listings'))).toEqual([])
  })
})
