// The key-fetch budget of eBay's notifications (issue 46, G5): anyone may post a notification with a key id of their
// choosing and name whom they like in it, so the fetches reserved for eBay's own pushes are chosen by what no sender but
// eBay has: the secret address eBay was given for a seller's orders. Made-up key ids, naming a seller connected here or
// not, spend the public budget alone, which still bounds what they make the server ask eBay.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimOrderPush } from '../../../api/db/ebay-order-push.ts'
import { EBAY_ORDER_PUSH_PATH } from '../../../api/services/ebay/order-push.ts'
import { KEY_FETCH_LIMITS } from '../../../api/services/ebay/notification-signature.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../../helpers/ebay.ts'
import { registeredClient, type TestApp } from '../../helpers/test-app.ts'

let ebay: FakeEbay
let t: TestApp

beforeAll(async () => {
  ebay = await startFakeEbay()
  // A server that has not fetched eBay's key yet, telling its callers apart by X-Forwarded-For, that eBay pushes to.
  t = await ebayApp(ebayConfigFor(ebay), { trustProxyHops: 1, publicUrl: 'https://snaplist.test' })
})
afterAll(async () => {
  await t.close()
  await ebay.close()
})

const keyFetches = () => ebay.calls.filter((call) => call.includes('/public_key/')).length

/** A header with a key id of the sender's choosing, as anyone can write one. */
const madeUpSignature = () =>
  Buffer.from(
    JSON.stringify({
      alg: 'ecdsa',
      kid: randomBytes(12).toString('hex'),
      signature: Buffer.from('not a signature').toString('base64'),
      digest: 'SHA1',
    }),
  ).toString('base64')

function post(path: string, body: string, signature: string, from: string) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ebay-signature': signature, 'x-forwarded-for': from },
    body,
  })
}

const deletionOf = (userId: string, username: string) =>
  JSON.stringify({
    metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: randomBytes(8).toString('hex'),
      eventDate: new Date().toISOString(),
      publishDate: new Date().toISOString(),
      publishAttemptCount: 1,
      data: { username, userId, eiasToken: 'nY+sHZ2PrBmdj6wVnY+sEZ2PrA2dj6wJnY+gAZGEpwmdj6x9nY+seQ==' },
    },
  })

const orderConfirmation = () =>
  JSON.stringify({
    metadata: { topic: 'ORDER_CONFIRMATION', schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: randomBytes(8).toString('hex'),
      eventDate: new Date().toISOString(),
      publishDate: new Date().toISOString(),
      publishAttemptCount: 1,
      data: { orderId: '12-34567-89012' },
    },
  })

describe("the key fetches reserved for eBay's own notifications", () => {
  it('after 20 made-up key ids from 4 addresses, naming a seller connected here, eBay’s signed push still verifies', async () => {
    const seller = await registeredClient(t.app, `g5-${randomBytes(4).toString('hex')}`)
    await connectEbay(ebay, seller)
    const [connection] = await t.db.sql<{ id: number; accountId: string }[]>`
      select id, account_id from marketplace_connections where user_id = ${seller.id} and platform = 'ebay'`
    const pushKey = randomBytes(24).toString('base64url')
    await claimOrderPush(t.db.sql, connection!.id, connection!.accountId, pushKey)
    const namingTheSeller = deletionOf(ebay.seller.userId, ebay.seller.username)
    const before = keyFetches()

    const flood = await Promise.all(
      ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'].flatMap((address) =>
        Array.from(
          { length: KEY_FETCH_LIMITS.perAddress.max },
          async () => (await post('/api/ebay/account-deletion', namingTheSeller, madeUpSignature(), address)).status,
        ),
      ),
    )
    // eBay was asked for each, and said it has no such key.
    expect(flood).toEqual(Array.from({ length: 20 }, () => 412))
    // The public budget is spent: a fifth address's made-up key id is refused before eBay is asked.
    const fifth = await post('/api/ebay/account-deletion', namingTheSeller, madeUpSignature(), '203.0.113.5')
    expect(fifth.status).toBe(429)
    expect(keyFetches() - before).toBe(KEY_FETCH_LIMITS.overall.max)

    // eBay pushes the seller's order to the address only eBay was given, signed with a key this server never fetched.
    const order = orderConfirmation()
    const pushed = await post(`${EBAY_ORDER_PUSH_PATH}/${pushKey}`, order, ebay.signNotification(order), '198.51.100.7')
    expect(pushed.status, await pushed.clone().text()).toBe(204)
    expect(keyFetches() - before).toBe(KEY_FETCH_LIMITS.overall.max + 1)

    // eBay's own notice about the seller, signed with the key now known, verifies with no fetch at all.
    const deletion = deletionOf(ebay.seller.userId, ebay.seller.username)
    const erased = await post('/api/ebay/account-deletion', deletion, ebay.signNotification(deletion), '198.51.100.7')
    expect(erased.status).toBe(204)
    const [row] = await t.db.sql<{ accountDeletionStatus: string | null }[]>`
      select account_deletion_status from marketplace_connections where id = ${connection!.id}`
    expect(row!.accountDeletionStatus).toBe('deleted')
    expect(keyFetches() - before).toBe(KEY_FETCH_LIMITS.overall.max + 1)
  })
})
