// eBay's ORDER_CONFIRMATION push (docs/decisions/0051): with an https PUBLIC_URL, EBAY_VERIFICATION_TOKEN and the app's
// keys, each seller gets a notification destination of their own (eBay's challenge answered first) and a subscription
// made with their grant; a sale on eBay then reaches the app as eBay pushes it (the stand-in signs and delivers to the
// seller's address, as eBay does), and the item ends on Etsy with no poll. A push is only a reason to read the order:
// twice, or beside the poll, it takes the piece once; not signed by eBay, it is refused and reads nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EBAY_ORDER_PUSH_JOB, EBAY_ORDER_PUSH_PATH } from '../../../api/services/ebay/order-push.ts'
import { SALES_POLL_JOB, SELLER_SALES_JOB } from '../../../api/services/ebay/sales.ts'
import { sellItem } from '../../fakes/ebay-sell.ts'
import { listen } from '../../fakes/listen.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { answeredPush } from '../../helpers/pushes.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { createTestApp, readJson, type TestApp } from '../../helpers/test-app.ts'
import { createHash } from 'node:crypto'

const PUBLIC_URL = 'https://snaplist.test'
const both = bothMarketplacesPerFile({ publicUrl: PUBLIC_URL })
let server: { url: string; close(): Promise<void> }
beforeAll(async () => {
  // The app listening, as a server does, behind the https address eBay delivers to.
  server = await listen(both.t.app, 0, () => ({}))
  both.ebay.notifications.reachAppAt(PUBLIC_URL, server.url)
})
afterAll(() => server.close())

/** The sales poll's schedule comes round: it queues the subscriptions not made yet, which run. */
async function subscribeAwaiting() {
  await both.t.jobs.send(SALES_POLL_JOB, {})
  await both.t.settle()
  await both.t.settle()
}

/** The key in the address eBay pushes the seller's orders to, and the row it is kept in. */
async function pushOf(userId: number) {
  const [row] = await both.t.db.sql<
    { pushKey: string; destinationId: string | null; subscriptionId: string | null; refused: string | null }[]
  >`select p.push_key, p.destination_id, p.subscription_id, p.refused
    from ebay_order_push p join marketplace_connections c on c.id = p.connection_id where c.user_id = ${userId}`
  return row
}

/** The push of the order once the app has answered it (2xx). */
const pushed = (orderId: string) => answeredPush(both.ebay.notifications.pushes, (push) => push.orderId === orderId)

/** An ORDER_CONFIRMATION as eBay sends it, signed by the stand-in unless a signature is given. */
function orderConfirmation(key: string, orderId: string, signature?: string) {
  const body = JSON.stringify({
    metadata: { topic: 'ORDER_CONFIRMATION', schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: crypto.randomUUID(),
      eventDate: new Date().toISOString(),
      publishDate: new Date().toISOString(),
      publishAttemptCount: 1,
      data: { orderId },
    },
  })
  return both.t.app.request(`${EBAY_ORDER_PUSH_PATH}/${key}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === '' ? {} : { 'x-ebay-signature': signature ?? both.ebay.signNotification(body) }),
    },
    body,
  })
}

describe("eBay's ORDER_CONFIRMATION push", () => {
  it("subscribes each seller with an address of their own, once eBay's challenge is answered", async () => {
    const item = await listingLiveOnBoth(both, 'subscribed', 1)
    await subscribeAwaiting()
    const push = await pushOf(item.seller.id)
    expect(push).toMatchObject({ refused: null })
    const destination = both.ebay.notifications.destinations.get(push!.destinationId!)
    expect(destination?.deliveryConfig.endpoint).toBe(`${PUBLIC_URL}${EBAY_ORDER_PUSH_PATH}/${push!.pushKey}`)
    const subscription = both.ebay.notifications.subscriptions.get(push!.subscriptionId!)
    expect(subscription).toMatchObject({
      seller: item.grant,
      topicId: 'ORDER_CONFIRMATION',
      status: 'ENABLED',
      destinationId: push!.destinationId,
    })
  })

  it('ends the item on Etsy when eBay pushes the sale of its last piece, with no poll', async () => {
    const item = await listingLiveOnBoth(both, 'pushed', 1)
    await subscribeAwaiting()
    const order = item.sellOnEbay()
    expect((await pushed(order.orderId)).attempts.at(-1)).toBe(204)
    await both.t.settle()
    await both.t.settle()
    expect(await item.row()).toMatchObject({
      quantity: 0,
      platformStatus: 'sold',
      soldOn: 'ebay',
      soldOrderId: order.orderId,
    })
    expect(item.etsyListing().state).toBe('inactive')
  })

  it('takes the piece once when the push comes twice and the poll reads the same order', async () => {
    const item = await listingLiveOnBoth(both, 'pushed-twice', 3)
    await subscribeAwaiting()
    const order = item.sellOnEbay()
    await pushed(order.orderId)
    const { pushKey } = (await pushOf(item.seller.id))!
    expect((await orderConfirmation(pushKey, order.orderId)).status).toBe(204)
    await both.t.settle()
    await item.poll()
    expect(await item.row()).toMatchObject({ quantity: 2, soldOn: 'ebay' })
    expect(item.etsyListing().quantity).toBe(2)
  })

  it('reads the pushed order once eBay answers again when it was busy, taking the piece once', async () => {
    const item = await listingLiveOnBoth(both, 'pushed-busy', 2)
    await subscribeAwaiting()
    both.ebay.setMode('busy')
    try {
      const order = item.sellOnEbay()
      await pushed(order.orderId)
      await both.t.settle()
      expect(await item.row()).toMatchObject({ quantity: 2 })
      both.ebay.setMode('good')
      // The read's retry comes after its back-off; here it is run again at once.
      await dueNow(both.t.db.sql, SELLER_SALES_JOB, ['retry'])
      await both.t.settle()
      await both.t.settle()
      expect(await item.row()).toMatchObject({ quantity: 1, soldOrderId: order.orderId })
      expect(item.etsyListing().quantity).toBe(1)
    } finally {
      both.ebay.setMode('good')
    }
  })

  it('reads a pushed order again until getOrders has it, as eBay pushes before its orders list the sale', async () => {
    const item = await listingLiveOnBoth(both, 'pushed-early', 1)
    await subscribeAwaiting()
    both.ebay.sell.ordersLagMs = 60_000
    try {
      const order = item.sellOnEbay()
      await pushed(order.orderId)
      await both.t.settle()
      expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active' })
      both.ebay.sell.ordersLagMs = 0
      // The read again comes 20 s later; here it is run at once.
      await dueNow(both.t.db.sql, SELLER_SALES_JOB, ['created'])
      await both.t.settle()
      await both.t.settle()
      expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold', soldOrderId: order.orderId })
      expect(item.etsyListing().state).toBe('inactive')
    } finally {
      both.ebay.sell.ordersLagMs = 0
    }
  })

  it('refuses a push eBay did not sign, or unsigned, and reads nothing for it', async () => {
    const item = await listingLiveOnBoth(both, 'forged', 1)
    await subscribeAwaiting()
    const { pushKey } = (await pushOf(item.seller.id))!
    // A real order eBay has not pushed yet (made in the stand-in's state directly): the poll would find it, a forged
    // push must not.
    const order = sellItem(both.ebay.sell, item.grant, both.skuOf(item.id), 1)
    const signedOther = both.ebay.signNotification('{"metadata":{"topic":"ORDER_CONFIRMATION"}}')
    for (const signature of [signedOther, '']) {
      const refused = await orderConfirmation(pushKey, order.orderId, signature)
      expect(refused.status).toBe(412)
      expect(await readJson(refused)).toMatchObject({ code: 'ebay_signature_invalid' })
    }
    await both.t.settle()
    expect(await item.row()).toMatchObject({ quantity: 1, platformStatus: 'active' })
  })

  it("answers eBay's challenge for a seller's address, and for no address that is nobody's", async () => {
    const item = await listingLiveOnBoth(both, 'challenged', 1)
    await subscribeAwaiting()
    const { pushKey } = (await pushOf(item.seller.id))!
    const answer = await both.t.app.request(`${EBAY_ORDER_PUSH_PATH}/${pushKey}?challenge_code=the-code`)
    const endpoint = `${PUBLIC_URL}${EBAY_ORDER_PUSH_PATH}/${pushKey}`
    const expected = createHash('sha256')
      .update('the-code')
      .update('a-verification-token-of-32-to-80-chars')
      .update(endpoint)
      .digest('hex')
    expect(await readJson(answer)).toEqual({ challengeResponse: expected })
    const nobodys = await both.t.app.request(`${EBAY_ORDER_PUSH_PATH}/${'x'.repeat(32)}?challenge_code=the-code`)
    expect(nobodys.status).toBe(404)
  })

  it('makes neither the destination nor the subscription twice when the job is killed before keeping them, and turns it on', async () => {
    const item = await listingLiveOnBoth(both, 'killed', 1)
    await subscribeAwaiting()
    const before = (await pushOf(item.seller.id))!
    // As if killed after eBay made both and before either id was kept; and the subscription turned off at eBay since.
    await both.t.db.sql`update ebay_order_push set destination_id = null, subscription_id = null
      where push_key = ${before.pushKey}`
    both.ebay.notifications.subscriptions.get(before.subscriptionId!)!.status = 'DISABLED'
    await subscribeAwaiting()
    expect(both.ebay.notifications.subscriptions.get(before.subscriptionId!)?.status).toBe('ENABLED')
    expect(await pushOf(item.seller.id)).toMatchObject({
      destinationId: before.destinationId,
      subscriptionId: before.subscriptionId,
    })
    const endpoint = `${PUBLIC_URL}${EBAY_ORDER_PUSH_PATH}/${before.pushKey}`
    const destinations = [...both.ebay.notifications.destinations.values()]
    expect(destinations.filter((each) => each.deliveryConfig.endpoint === endpoint)).toHaveLength(1)
    const subscriptions = [...both.ebay.notifications.subscriptions.values()]
    expect(subscriptions.filter((each) => each.seller === item.grant)).toHaveLength(1)
  })

  it("subscribes once this server's address answers eBay's challenge again, not giving the seller up", async () => {
    const item = await listingLiveOnBoth(both, 'unreachable', 1)
    // The address eBay is given does not reach this server for a while (the proxy in front of it down).
    both.ebay.notifications.reachAppAt(PUBLIC_URL, 'http://127.0.0.1:9')
    try {
      await subscribeAwaiting()
      expect(await pushOf(item.seller.id)).toMatchObject({ destinationId: null, refused: null })
    } finally {
      both.ebay.notifications.reachAppAt(PUBLIC_URL, server.url)
    }
    await dueNow(both.t.db.sql, EBAY_ORDER_PUSH_JOB, ['retry'])
    await both.t.settle()
    const push = await pushOf(item.seller.id)
    expect(push?.subscriptionId).toBeTruthy()
    expect(push?.refused).toBeNull()
  })

  it('leaves a seller whose grant predates the scope to the poll, asking eBay nothing for them', async () => {
    const item = await listingLiveOnBoth(both, 'older-grant', 1)
    await both.t.db.sql`update marketplace_connections set scopes = null where user_id = ${item.seller.id}`
    const calls = both.ebay.calls.length
    await subscribeAwaiting()
    expect(await pushOf(item.seller.id)).toBeUndefined()
    expect(both.ebay.calls.slice(calls).filter((call) => call.includes('/commerce/notification/'))).toEqual([])
  })
})

describe('a server eBay cannot push to (no https PUBLIC_URL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('says order notifications are not set up', async () => {
    const response = await t.app.request(`${EBAY_ORDER_PUSH_PATH}/${'k'.repeat(32)}?challenge_code=abc`)
    expect(response.status).toBe(404)
  })
})
