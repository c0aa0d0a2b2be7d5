// Etsy's order.paid webhook (docs/decisions/0050): with ETSY_WEBHOOK_SECRET set, a sale on Etsy reaches the app as
// Etsy pushes it (the stand-in signs and delivers it to the app's address, as Etsy does), and the item ends on eBay
// with no poll. A push is only a reason to read the receipt: twice, or beside the poll, it takes the piece once; not
// signed with the secret, or stale, it is refused and reads nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ETSY_SELLER_SALES_JOB } from '../../../api/services/etsy/sales.ts'
import { ETSY_WEBHOOK_PATH } from '../../../api/services/etsy/sales-push.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { createTestApp, readJson, type TestApp } from '../../helpers/test-app.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { listen } from '../../fakes/listen.ts'
import { signedAsEtsy } from '../../fakes/etsy-webhooks.ts'
import { answeredPush } from '../../helpers/pushes.ts'

const SECRET = `whsec_${Buffer.from('the app’s Etsy webhook secret, 32 bytes').toString('base64')}`
const both = bothMarketplacesPerFile({ etsyWebhookSecret: SECRET })
let server: { url: string; close(): Promise<void> }
beforeAll(async () => {
  // The app listening, as a server does, so the stand-in can deliver to it.
  server = await listen(both.t.app, 0, () => ({}))
  both.etsy.registerWebhook({ url: `${server.url}${ETSY_WEBHOOK_PATH}`, secret: SECRET })
})
afterAll(() => server.close())
beforeEach(() => {
  both.etsy.control.fail = null
})

/** The delivery of the receipt once the app has answered it (2xx). */
const delivered = (receiptId: number) =>
  answeredPush(both.etsy.webhookDeliveries, (delivery) => delivery.receiptId === receiptId)

/** A delivery as Etsy signs it (etsy-webhooks.ts), with the app's secret unless another is given. */
const signed = (body: string, options: { secret?: string; at?: number } = {}) =>
  signedAsEtsy(body, { secret: SECRET, ...options })

const orderPaid = (receiptId: number, shopId = both.etsy.seller.shopId) =>
  JSON.stringify({
    event_type: 'order.paid',
    resource_url: `https://api.etsy.com/v3/application/shops/${shopId}/receipts/${receiptId}`,
    shop_id: shopId,
  })

describe("Etsy's order.paid webhook", () => {
  it('ends the item on eBay when Etsy pushes the sale of its last piece, with no poll', async () => {
    const item = await listingLiveOnBoth(both, 'pushed', 1)
    const receipt = item.sellOnEtsy()
    expect((await delivered(receipt.receipt_id)).attempts.at(-1)).toBe(204)
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({
      quantity: 0,
      platformStatus: 'sold',
      soldOn: 'etsy',
      soldOrderId: String(receipt.receipt_id),
    })
    expect(item.ebayLive()).toBe(false)
  })

  it('takes the piece once when the push comes twice and the poll reads the same receipt', async () => {
    const item = await listingLiveOnBoth(both, 'pushed-twice', 3)
    const receipt = item.sellOnEtsy()
    await delivered(receipt.receipt_id)
    const again = await both.t.app.request(ETSY_WEBHOOK_PATH, signed(orderPaid(receipt.receipt_id)))
    expect(again.status).toBe(204)
    await both.t.settle()
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 2, soldOn: 'etsy' })
    expect(item.ebayCount()).toBe(2)
  })

  it('reads the pushed receipt once Etsy answers again when it was busy, taking the piece once', async () => {
    const item = await listingLiveOnBoth(both, 'pushed-busy', 2)
    // Busy for every read of the push (each seller connected to the stand-in's one shop gets one).
    both.etsy.control.fail = { status: 429, times: 1_000, retryAfter: 1 }
    const receipt = item.sellOnEtsy()
    await delivered(receipt.receipt_id)
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 2 })
    both.etsy.control.fail = null
    // The read's retry comes after its back-off; here it is run again at once.
    await dueNow(both.t.db.sql, ETSY_SELLER_SALES_JOB, ['retry'])
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 1, soldOrderId: String(receipt.receipt_id) })
    expect(item.ebayCount()).toBe(1)
  })

  it('refuses a push not signed with the secret, stale or unsigned, and reads nothing for it', async () => {
    const item = await listingLiveOnBoth(both, 'forged', 1)
    both.etsy.registerWebhook(undefined)
    const receipt = item.sellOnEtsy()
    both.etsy.registerWebhook({ url: `${server.url}${ETSY_WEBHOOK_PATH}`, secret: SECRET })
    const body = orderPaid(receipt.receipt_id)
    const forged = signed(body, { secret: `whsec_${Buffer.from('not the secret Etsy holds').toString('base64')}` })
    const stale = signed(body, { at: Date.now() - 10 * 60_000 })
    const unsigned = { ...signed(body), headers: { 'content-type': 'application/json' } }
    for (const request of [forged, stale, unsigned]) {
      const refused = await both.t.app.request(ETSY_WEBHOOK_PATH, request)
      expect(refused.status).toBe(401)
      expect(await readJson(refused)).toMatchObject({ code: 'etsy_webhook_refused' })
    }
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active' })
    expect(item.ebayLive()).toBe(true)
  })

  it('reads nothing for another event or a shop no seller here connected, and refuses a body that is not one', async () => {
    const item = await listingLiveOnBoth(both, 'other-events', 1)
    const shipped = JSON.stringify({ event_type: 'order.shipped', resource_url: '', shop_id: both.etsy.seller.shopId })
    expect((await both.t.app.request(ETSY_WEBHOOK_PATH, signed(shipped))).status).toBe(204)
    expect((await both.t.app.request(ETSY_WEBHOOK_PATH, signed(orderPaid(1, 555)))).status).toBe(204)
    const notJson = await both.t.app.request(ETSY_WEBHOOK_PATH, signed('order.paid'))
    expect(notJson.status).toBe(400)
    const noShop = await both.t.app.request(ETSY_WEBHOOK_PATH, signed(JSON.stringify({ event_type: 'order.paid' })))
    expect(noShop.status).toBe(400)
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 1 })
  })
})

describe('a server without ETSY_WEBHOOK_SECRET', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('says webhooks are not set up, whatever is posted', async () => {
    const response = await t.app.request(ETSY_WEBHOOK_PATH, signed(orderPaid(1)))
    expect(response.status).toBe(404)
    expect((await readJson(response)).message).toMatch(/ETSY_WEBHOOK_SECRET/)
  })
})
