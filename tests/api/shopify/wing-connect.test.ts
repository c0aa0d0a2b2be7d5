// Connecting Shopify through the app (issue 49): the seller types their store, the install is signed back by Shopify
// and taken only for the store and session it was started for; the store's webhooks are subscribed; Shopify's
// webhooks are taken only when signed for this app: the privacy ones answered, an uninstall lapsing the connection.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BULK_POST_JOB } from '../../../api/services/selling/bulk-post.ts'
import { createTokenCipher } from '../../../api/services/crypto.ts'
import { startFakeShopify, type FakeShopify } from '../../fakes/shopify.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { connectShopify, deliverShopifyWebhook, shopifyAppOptions } from '../../helpers/shopify.ts'
import { createTestApp, readJson, registeredClient, uploadPhotos, type TestApp } from '../../helpers/test-app.ts'

let fake: FakeShopify
let t: TestApp
beforeAll(async () => {
  fake = await startFakeShopify()
  const { shopifyConfig, providers } = shopifyAppOptions(fake)
  t = await createTestApp({
    publicUrl: 'https://snaplist.test',
    shopifyConfig,
    marketplaces: { cipher: createTokenCipher('a test secret that is long enough to use'), providers },
  })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const connectionOf = async (seller: Awaited<ReturnType<typeof registeredClient>>) =>
  ((await readJson(await seller.get('/api/marketplace-connections'))) as unknown as Record<string, unknown>[]).find(
    (connection) => connection.platform === 'shopify',
  )
const pendingStates = async () => (await t.db.sql`select count(*)::int as n from oauth_states`)[0]!.n as number

describe('connecting a Shopify store', () => {
  it('takes the store’s name, installs on that store, keeps the offline token and subscribes its webhooks', async () => {
    const seller = await registeredClient(t.app, 'shopify-good')
    await connectShopify(fake, seller, '  Ritas-Vintage ')
    expect(await connectionOf(seller)).toMatchObject({
      connected: true,
      accountId: fake.domain,
      accountName: "Rita's Vintage",
      expiresAt: null,
    })
    // ORDERS_PAID, ORDERS_CANCELLED, REFUNDS_CREATE and APP_UNINSTALLED.
    expect(fake.calls.filter((call) => call === 'webhookSubscriptionCreate')).toHaveLength(4)
  })

  it('answers 400 for anything that is not a store name, and starts nothing', async () => {
    const seller = await registeredClient(t.app, 'shopify-bad-shop')
    const before = await pendingStates()
    for (const typed of ['', 'evil.com', 'ritas.myshopify.com.evil.com', 'a/b', '-ritas', 'https://x.myshopify.com']) {
      const response = await seller.get(`/api/marketplace-connections/shopify/auth?shop=${encodeURIComponent(typed)}`)
      expect(response.status, typed).toBe(400)
      expect((await readJson(response)).message).toMatch(/Shopify store’s name/)
    }
    expect(await pendingStates()).toBe(before)
  })

  it('refuses a callback whose hmac does not verify, or whose state is not this session’s for that store', async () => {
    const seller = await registeredClient(t.app, 'shopify-bad-callback')
    const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/shopify/auth?shop=ritas-vintage'))
    const query = Object.fromEntries((await fake.consent(authUrl as string)).searchParams)

    const forged = await seller.post('/api/shopify/exchange-token', { ...query, hmac: '0'.repeat(64) })
    expect(forged.status).toBe(400)
    expect((await readJson(forged)).code).toBe('shopify_callback_refused')

    const other = await registeredClient(t.app, 'shopify-other-session')
    const stolen = await other.post('/api/shopify/exchange-token', query)
    expect(stolen.status).toBe(400)
    expect((await readJson(stolen)).code).toBe('oauth_state_invalid')
    expect(await connectionOf(seller)).toBeUndefined()
    expect(await connectionOf(other)).toBeUndefined()
  })
})

describe('a bulk post to Shopify', () => {
  it('posts each chosen listing to the connected store, and says in Shopify’s words why one was refused', async () => {
    const seller = await registeredClient(t.app, 'shopify-bulk')
    await connectShopify(fake, seller)
    const [photo] = await uploadPhotos(seller, 1)
    const listing = async (title: string, images: string[]) =>
      (
        await readJson(
          await seller.post('/api/listings', { title, category: 'clothing', color: 'red', price: 20, images }),
        )
      ).id
    const ids = [await listing('Bulk tee one', [photo!]), await listing('Bulk tee two', [])]
    const started = await seller.post('/api/bulk-posts', { clientId: randomUUID(), listingIds: ids })
    expect(started.status, await started.clone().text()).toBe(202)
    const { id } = await readJson(started)
    await t.settle()
    await dueNow(t.db.sql, BULK_POST_JOB)
    await t.settle()
    const items = (await readJson(await seller.get(`/api/bulk-posts/${id}`))).items as Record<string, unknown>[]
    expect(items.map(({ marketplace, status, code }) => [marketplace, status, code])).toEqual([
      ['shopify', 'posted', null],
      ['shopify', 'refused', 'shopify_refused'],
    ])
    expect(items[1]!.message).toBe('Shopify needs at least one photo. Add a photo, then post.')
    expect([...fake.store.products.values()].filter((product) => product.title === 'Bulk tee one')).toHaveLength(1)
  })
})

describe('Shopify’s webhooks', () => {
  it('answers the mandatory privacy webhooks once signed, and 401 to a bad signature', async () => {
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact'])
      expect((await deliverShopifyWebhook(t, fake, topic, { shop_domain: fake.domain })).status, topic).toBe(200)
    const forged = await t.app.request('/api/shopify/webhooks', {
      method: 'POST',
      headers: {
        'x-shopify-topic': 'customers/redact',
        'x-shopify-shop-domain': fake.domain,
        'x-shopify-webhook-id': 'a-webhook',
        'x-shopify-hmac-sha256': Buffer.alloc(32).toString('base64'),
      },
      body: '{}',
    })
    expect(forged.status).toBe(401)
    expect((await readJson(forged)).code).toBe('shopify_webhook_refused')
  })

  it('answers 400 to an order or refund webhook that names no order, and queues nothing', async () => {
    const queued = async () =>
      (await t.db.sql`select count(*)::int as n from marketplace_push_deliveries`)[0]!.n as number
    const before = await queued()
    for (const [topic, body] of [
      ['refunds/create', { order_id: 'x' }],
      ['refunds/create', { order_id: -1 }],
      ['orders/cancelled', { admin_graphql_api_id: 'gid://shopify/Product/1' }],
    ] as const)
      expect((await deliverShopifyWebhook(t, fake, topic, body)).status, topic).toBe(400)
    expect(await queued()).toBe(before)
  })

  it('lapses the store’s connections when the app is uninstalled', async () => {
    const seller = await registeredClient(t.app, 'shopify-uninstall')
    await connectShopify(fake, seller)
    expect(await connectionOf(seller)).toMatchObject({ connected: true })
    const uninstalled = await deliverShopifyWebhook(t, fake, 'app/uninstalled', { myshopify_domain: fake.domain })
    expect(uninstalled.status).toBe(200)
    expect(await connectionOf(seller)).toMatchObject({ connected: false })
  })
})
