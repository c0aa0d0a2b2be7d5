// An item sells once, everywhere (docs/decisions/0033): one listing live on eBay and Etsy (both stand-ins, one app), a
// sale on either marketplace, or one the seller records as made elsewhere, takes the pieces off the one stock once,
// and the other marketplace follows from the server: fewer pieces, or the listing taken down at none. Two marketplaces
// selling the last piece is shown until the seller settles it.
import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { REVISION_JOB } from '../../../api/services/ebay/revisions.ts'
import { ETSY_REVISION_JOB } from '../../../api/services/etsy/revisions.ts'
import { ETSY_SELLER_SALES_JOB } from '../../../api/services/etsy/sales.ts'
import { payReceipt, sellOnEtsy } from '../../fakes/etsy-receipts.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson, registeredClient } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()
beforeEach(() => {
  both.etsy.control.fail = null
  both.etsy.control.slowMs = 0
})

const liveOnBoth = (name: string, quantity: number) => listingLiveOnBoth(both, name, quantity)

describe('one stock on every marketplace', () => {
  it('ends the item on eBay when its last piece sells on Etsy, and says where and for how much', async () => {
    const item = await liveOnBoth('etsy-last', 1)
    const receipt = item.sellOnEtsy()
    await item.poll()
    expect(await item.row()).toMatchObject({
      quantity: 0,
      platformStatus: 'sold',
      soldOn: 'etsy',
      soldPrice: 39.5,
      soldOrderId: String(receipt.receipt_id),
      oversoldOrders: [],
    })
    expect(item.ebayLive()).toBe(false)
    expect(item.etsyListing().state).toBe('sold_out')
  })

  it('ends the item on Etsy when its last piece sells on eBay', async () => {
    const item = await liveOnBoth('ebay-last', 1)
    const order = item.sellOnEbay()
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 0, soldOn: 'ebay', soldOrderId: order.orderId })
    expect(item.etsyListing().state).toBe('inactive')
    expect((await item.row()).etsyStatus).toBe('inactive')
  })

  it('leaves 2 on eBay when 1 of 3 sells on Etsy, and 1 on Etsy when another sells on eBay', async () => {
    const item = await liveOnBoth('three', 3)
    item.sellOnEtsy()
    await item.poll()
    expect(item.ebayCount()).toBe(2)
    expect(item.ebayLive()).toBe(true)
    expect(await item.row()).toMatchObject({ quantity: 2, platformStatus: 'active', soldOn: 'etsy' })
    item.sellOnEbay()
    await item.poll()
    expect(item.etsyListing()).toMatchObject({ quantity: 1, state: 'active' })
    expect(await item.row()).toMatchObject({ quantity: 1 })
  })

  it('ends the item on eBay when Etsy sells the last piece after eBay sold the other, before that sale was read', async () => {
    const item = await liveOnBoth('ebay-sold-first', 2)
    item.sellOnEbay()
    item.sellOnEtsy()
    // Only Etsy's sale is read (a push, say): the stock says 1 is left, eBay's count says none.
    await both.t.jobs.send(ETSY_SELLER_SALES_JOB, { userId: item.seller.id })
    await both.t.settle()
    await both.t.settle()
    expect(item.ebayCount()).toBe(0)
    expect(item.ebayLive()).toBe(false)
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold', oversoldOrders: [] })
  })

  it('applies an Etsy sale paid after a read saw its receipt unpaid, however long before it was made', async () => {
    const item = await liveOnBoth('paid-later', 2)
    const checkout = Date.now() - 30 * 60_000
    const receipt = sellOnEtsy(both.etsy.shop, item.etsyListing(), 1, checkout, 0, false)
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 2 })
    payReceipt(both.etsy.shop, receipt.receipt_id)
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 1, soldOn: 'etsy', soldOrderId: String(receipt.receipt_id) })
    expect(item.ebayCount()).toBe(1)
  })

  it('applies each Etsy transaction once across overlapping polls', async () => {
    const item = await liveOnBoth('overlap', 3)
    item.sellOnEtsy()
    await item.poll()
    await item.poll()
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 2 })
    expect(item.ebayCount()).toBe(2)
  })

  it('follows once Etsy is answering again when it was busy', async () => {
    const item = await liveOnBoth('busy', 1)
    item.sellOnEbay()
    both.etsy.control.fail = { status: 429, times: 5, retryAfter: 1 }
    await item.poll()
    expect(item.etsyListing().state).toBe('active')
    // A piece sold elsewhere is still for sale on Etsy: the retry comes within seconds, not a minute (job-retry.ts SOON).
    const [retry] = await both.t.db.sql<{ wait: number }[]>`
      select extract(epoch from start_after - now())::float8 as wait from pgboss.job
      where name = ${ETSY_REVISION_JOB} and state = 'retry'`
    expect(retry!.wait).toBeLessThanOrEqual(10)
    both.etsy.control.fail = null
    // The revision job's retry comes after its back-off; here it is run again at once.
    await dueNow(both.t.db.sql, ETSY_REVISION_JOB, ['retry'])
    await both.t.settle()
    expect(item.etsyListing().state).toBe('inactive')
  })
  it('takes the item down on Etsy after a killed revision left Snaplist taking it for sold out there', async () => {
    const item = await liveOnBoth('etsy-unrecorded', 2)
    // Etsy took a raise to 2 whose answer a killed process never recorded: Snaplist believes it sent 1.
    await both.t.db.sql`update listing_places set quantity_sent = 1, revision_requested = revision_requested + 1
      where listing_id = ${item.id} and marketplace = 'etsy'`
    // Etsy sells one: Snaplist takes Etsy for sold out, though Etsy still counts one.
    item.sellOnEtsy()
    await both.t.jobs.send(ETSY_SELLER_SALES_JOB, { userId: item.seller.id })
    await both.t.settle()
    expect(item.etsyListing()).toMatchObject({ quantity: 1, state: 'active' })
    // The killed revision's retry asks Etsy rather than trust it sold out, and finds it up.
    await both.t.jobs.send(ETSY_REVISION_JOB, { listingId: item.id })
    await both.t.settle()
    expect((await item.row()).etsyStatus).toBe('active')
    // The last piece sells on eBay: Etsy follows and takes it down.
    item.sellOnEbay()
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 0, soldOn: 'ebay' })
    expect(item.etsyListing().state).toBe('inactive')
  })
})

describe('sold elsewhere', () => {
  it('ends the item on both marketplaces, once however often the phone sends it', async () => {
    const item = await liveOnBoth('elsewhere', 2)
    const sale = { quantity: 2, price: 30, where: 'Poshmark', clientId: randomUUID() }
    const first = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, sale)
    expect(first.status, await first.clone().text()).toBe(200)
    expect((await readJson(first)).listing).toMatchObject({ quantity: 0, soldOn: 'elsewhere', soldWhere: 'Poshmark' })
    const again = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, sale)
    expect(again.status).toBe(200)
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold', soldPrice: 30 })
    expect(item.ebayLive()).toBe(false)
    expect(item.etsyListing().state).toBe('inactive')
  })

  it('lowers both marketplaces by what sold, and refuses more than is left or another seller’s listing', async () => {
    const item = await liveOnBoth('partial', 3)
    const sold = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, { quantity: 1 })
    expect(sold.status).toBe(200)
    await both.t.settle()
    await both.t.settle()
    expect(item.ebayCount()).toBe(2)
    expect(item.etsyListing().quantity).toBe(2)
    const tooMany = await item.seller.post(`/api/listings/${item.id}/sold-elsewhere`, { quantity: 3 })
    expect(tooMany.status).toBe(400)
    expect(await readJson(tooMany)).toMatchObject({ code: 'invalid_input' })
    const other = await registeredClient(both.t.app, `other-${randomUUID().slice(0, 8)}`)
    expect((await other.post(`/api/listings/${item.id}/sold-elsewhere`, { quantity: 1 })).status).toBe(404)
    expect((await item.row()).quantity).toBe(2)
  })
})

describe('sold twice', () => {
  it('shows both orders when eBay and Etsy sell the last piece before either learns of the other, until settled', async () => {
    const item = await liveOnBoth('twice', 1)
    const order = item.sellOnEbay()
    const receipt = item.sellOnEtsy()
    await item.poll()
    const row = await item.row()
    expect(row.quantity).toBe(0)
    // The order read first took the last piece; the other is the one to cancel.
    const orders = [
      { marketplace: 'ebay', orderId: order.orderId },
      { marketplace: 'etsy', orderId: String(receipt.receipt_id) },
    ]
    expect(orders).toContainEqual(row.oversoldOrders[0])
    expect(row.oversoldOrders).toHaveLength(1)
    expect(orders).toContainEqual({ marketplace: row.soldOn, orderId: row.soldOrderId })
    // The seller is told at once, by mail, with both orders and what to do.
    const mails = await both.t.db.sql<{ text: string; recipient: string }[]>`
      select text, recipient from mail_outbox where template = 'sold-twice' and recipient = ${item.email}`
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(`eBay order ${order.orderId}`)
    expect(mails[0]!.text).toContain(`Etsy receipt ${receipt.receipt_id}`)
    expect(mails[0]!.text).toContain('Cancel the extra order on its marketplace')
    const settled = await item.seller.post(`/api/listings/${item.id}/oversold-settled`, {})
    expect(settled.status).toBe(200)
    expect((await item.row()).oversoldOrders).toEqual([])
  })
})

describe('a process killed while it sent a change', () => {
  it('ends the item on Etsy once the dead job’s lease is over, not minutes later', async () => {
    const item = await liveOnBoth('killed', 1)
    // An Etsy revision job whose process was SIGKILLed: its lease holds the row for two minutes, and no one finishes it.
    await both.t.db.sql`update listing_places set revision_requested = revision_requested + 1,
      leased_until = now() + interval '120 seconds' where listing_id = ${item.id} and marketplace = 'etsy'`
    item.sellOnEbay()
    await item.poll()
    expect(item.etsyListing().state).toBe('active')
    // The lease runs out; the job asked to look again then comes due.
    await both.t.db.sql`update listing_places set leased_until = now() - interval '1 second'
      where listing_id = ${item.id} and marketplace = 'etsy'`
    await dueNow(both.t.db.sql, ETSY_REVISION_JOB, ['created'])
    await both.t.settle()
    expect(item.etsyListing().state).toBe('inactive')
  })

  it('ends the item on Etsy at once when the dead job is retried: the retry takes back its own lease', async () => {
    const item = await liveOnBoth('killed-retried', 1)
    // The job took the row and its process was SIGKILLed; the queue retries the same job once it is deemed dead.
    const jobId = await both.t.jobs.send(ETSY_REVISION_JOB, { listingId: item.id })
    await both.t.db.sql`update listing_places set revision_requested = revision_requested + 1, leased_by = ${jobId},
      leased_until = now() + interval '120 seconds' where listing_id = ${item.id} and marketplace = 'etsy'`
    item.sellOnEbay()
    await item.poll()
    expect(item.etsyListing().state).toBe('inactive')
  })

  it('ends the item on eBay at once when the dead eBay job is retried: the retry takes back its own lease', async () => {
    const item = await liveOnBoth('ebay-killed-retried', 1)
    const jobId = await both.t.jobs.send(REVISION_JOB, { listingId: item.id })
    await both.t.db.sql`update listing_places set revision_requested = revision_requested + 1, leased_by = ${jobId},
      leased_until = now() + interval '120 seconds' where listing_id = ${item.id} and marketplace = 'ebay'`
    item.sellOnEtsy()
    await item.poll()
    expect(item.ebayLive()).toBe(false)
  })
})
