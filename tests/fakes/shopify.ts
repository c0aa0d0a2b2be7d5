// A stand-in for one Shopify store and the Admin API Snaplist uses, refusing what Shopify refuses: the app's install
// (OAuth with a real hmac, shopify-oauth.ts); the Admin GraphQL API at /{shop}/admin/api/{version}/graphql.json, every
// document and its variables validated against Shopify's schema, throttled by query cost and behind the token's scopes
// (shopify-gate.ts), answering the shop, its location, products and inventory (shopify-products.ts), orders
// (shopify-orders.ts) and webhook subscriptions; and signed webhooks with retries (shopify-webhooks.ts). A test (or
// /__control) makes sales, cancels and refunds, and makes Shopify busy, down, slow or refusing.
import { Hono } from 'hono'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { pathToFileURL } from 'node:url'
import { listen } from './listen.ts'
import { followConsent } from './oauth-stand-in.ts'
import { createShopifyGate, newControl, type ShopifyControl } from './shopify-gate.ts'
import { gid, userError } from './shopify-graph.ts'
import { createShopifyOAuth } from './shopify-oauth.ts'
import {
  cancelOrder,
  fulfillOrder,
  orderFields,
  orderPayload,
  refundOrder,
  refundPayload,
  sellOnShopify,
  type FakeShopifyOrder,
  type FakeShopifyOrders,
} from './shopify-orders.ts'
import { inventoryFields } from './shopify-inventory.ts'
import { productFields } from './shopify-products.ts'
import { addProduct, newStore, productOfSku, type FakeShopifyStore } from './shopify-store.ts'
import { createCostBucket, type CostBucket } from './shopify-throttle.ts'
import { createShopifyWebhooks, topicHeader, type ShopifyWebhookDelivery } from './shopify-webhooks.ts'

export const SHOPIFY_STAND_IN_VERSION = '2026-10'

let picture: Promise<Buffer> | undefined
/** A product image as Shopify's CDN serves one (SHOPIFY_PICTURES_URL is the stand-in in tests). */
const pictureJpeg = () =>
  (picture ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer())

export interface FakeShopifyOptions {
  port?: number
  /** The store's myshopify domain. */
  domain?: string
  clientId?: string
  clientSecret?: string
  /** The app's allowed redirection URLs; any when not given. */
  redirectUris?: string[]
  /** The cost bucket's size and refill per second (Shopify's standard plan: 2000 and 100). */
  bucket?: { maximumAvailable?: number; restoreRate?: number }
}

export interface FakeShopify {
  url: string
  domain: string
  apiVersion: string
  clientId: string
  clientSecret: string
  /** The store's location, publication and products, for a test to set up and look at. */
  store: FakeShopifyStore
  orders: FakeShopifyOrders
  /** Every root field the app asked for, in order. */
  calls: string[]
  /** A buyer buys `quantity` of the product: a paid order, ORDERS_CREATE and ORDERS_PAID pushed. */
  sell(productId: number, quantity?: number, shipping?: number): FakeShopifyOrder
  /** The order is cancelled, refunded and restocked: ORDERS_CANCELLED pushed. */
  cancelOrder(orderId: number): FakeShopifyOrder
  /** The seller sends the order: ORDERS_FULFILLED pushed. */
  fulfillOrder(orderId: number): FakeShopifyOrder
  /** The seller refunds some of the order's first line, restocked unless `restock: false`: REFUNDS_CREATE pushed. */
  refundOrder(orderId: number, refund?: { quantity?: number; restock?: boolean }): FakeShopifyOrder
  /** The seller uninstalls the app: its tokens stop working and APP_UNINSTALLED is pushed. */
  uninstall(): void
  /** Subscribes an address to a topic, as the app's configuration does for the mandatory privacy topics. */
  subscribe(topic: string, uri: string): void
  /** Pushes an event of this topic (e.g. customers/redact) to its subscribers. */
  emit(topic: string, payload: unknown): void
  webhookDeliveries: ShopifyWebhookDelivery[]
  /** Failures to make: busy (429), down (5xx), slow, or refusing mutations in userErrors. */
  control: ShopifyControl
  /** The cost bucket: drain() makes the next calls THROTTLED. */
  bucket: CostBucket
  /** Plays the seller on the install page: follows Install (or Cancel) and returns where Shopify sends the browser. */
  consent(authorizationUrl: string, choice?: 'install' | 'cancel'): Promise<URL>
  close(): Promise<void>
}

/** A product a test puts on the store (/__control/products): addProduct's fields, and how many photos it has. */
type SeededProduct = Parameters<typeof addProduct>[1] & { photos?: number }

interface Parts {
  store: FakeShopifyStore
  orders: FakeShopifyOrders
  webhooks: ReturnType<typeof createShopifyWebhooks>
  now: () => number
}

function sell({ store, orders, webhooks, now }: Parts, productId: number, quantity: number, shipping: number) {
  const product = store.products.get(productId)
  if (!product) throw new Error(`no Shopify product ${productId}`)
  const order = sellOnShopify(store, orders, product, quantity, now(), shipping)
  webhooks.emit('orders/create', orderPayload(store, order))
  webhooks.emit('orders/paid', orderPayload(store, order))
  return order
}

function webhookSubscriptionCreate(
  webhooks: Parts['webhooks'],
  { topic, webhookSubscription }: Record<string, unknown>,
) {
  const uri = String((webhookSubscription as { uri?: string }).uri ?? '')
  if (!URL.canParse(uri) || !/^https?:$/.test(new URL(uri).protocol))
    return { webhookSubscription: null, userErrors: [userError(['webhookSubscription', 'uri'], 'Address is invalid')] }
  webhooks.subscribe(String(topic), uri)
  return { webhookSubscription: { id: gid('WebhookSubscription', Date.now()), topic, uri }, userErrors: [] }
}

export function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const domain = options.domain ?? 'ritas-vintage.myshopify.com'
  const clientId = options.clientId ?? `fake-shopify-client-${randomBytes(6).toString('hex')}`
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex')
  const now = () => Date.now()
  const store = newStore(domain, "Rita's Vintage")
  const orders: FakeShopifyOrders = new Map()
  const webhooks = createShopifyWebhooks({ secret: clientSecret, shop: domain, apiVersion: SHOPIFY_STAND_IN_VERSION })
  const parts: Parts = { store, orders, webhooks, now }
  const oauth = createShopifyOAuth({ domain, clientId, clientSecret, redirectUris: options.redirectUris, now })
  const control = newControl()
  const bucket = createCostBucket(options.bucket)
  const calls: string[] = []
  const products = productFields(store, now)
  const inventory = inventoryFields(store)
  const graphql = createShopifyGate({
    apiVersion: SHOPIFY_STAND_IN_VERSION,
    control,
    bucket,
    scopesOf: oauth.scopesOf,
    calls,
    fields: {
      query: { ...products.query, ...inventory.query, ...orderFields(store, orders) },
      mutation: {
        ...products.mutation,
        ...inventory.mutation,
        webhookSubscriptionCreate: (args) => webhookSubscriptionCreate(webhooks, args),
      },
    },
  })

  const controls = {
    sell: (productId: number, quantity = 1, shipping = 0) => sell(parts, productId, quantity, shipping),
    cancelOrder: (orderId: number) => {
      const order = cancelOrder(store, orders, orderId, now())
      webhooks.emit('orders/cancelled', orderPayload(store, order))
      return order
    },
    fulfillOrder: (orderId: number) => {
      const order = fulfillOrder(orders, orderId, now())
      webhooks.emit('orders/fulfilled', orderPayload(store, order))
      return order
    },
    refundOrder: (orderId: number, refund: { quantity?: number; restock?: boolean } = {}) => {
      const order = refundOrder(store, orders, orderId, refund, now())
      webhooks.emit('refunds/create', refundPayload(order, order.refunds.at(-1)!))
      return order
    },
  }

  const app = new Hono()
    .route('/', oauth.routes)
    .post(`/${domain}/admin/api/:version/graphql.json`, graphql)
    .get('/s/files/:name{[\\w-]+\\.jpg}', async (c) =>
      c.body(new Uint8Array(await pictureJpeg()), 200, { 'content-type': 'image/jpeg' }),
    )
    // A buyer buys: {"sku": "snaplist-12", "quantity": 1} sells from the active product with that SKU.
    .post('/__control/sell', async (c) => {
      const asked = (await c.req.json().catch(() => ({}))) as { sku?: string; quantity?: number; shipping?: number }
      const product = productOfSku(store, asked.sku ?? '')
      if (!product || product.status !== 'ACTIVE')
        return c.json({ error: `no active product with sku ${asked.sku}` }, 404)
      return c.json(controls.sell(product.id, asked.quantity, asked.shipping))
    })
    // The seller's own products on the store, for an import to read: {"products": [{"title", "price", "photos": 2, …}]},
    // each photo served by this stand-in as Shopify's CDN serves it (SHOPIFY_PICTURES_URL).
    .post('/__control/products', async (c) => {
      const asked = (await c.req.json().catch(() => ({}))) as { products?: SeededProduct[] }
      const origin = new URL(c.req.url).origin
      const made = (asked.products ?? []).map(({ photos = 1, ...fields }) => {
        const media = Array.from({ length: photos }, () => {
          const id = store.nextId()
          return { id, originalSource: `${origin}/s/files/product-${id}.jpg`, alt: null }
        })
        return addProduct(store, { ...fields, media })
      })
      return c.json({ products: made.map((product) => ({ id: product.id, title: product.title })) })
    })
    // {"orderId"} cancels the order; {"orderId", "refund": {"quantity", "restock"}} refunds some of it.
    .post('/__control/cancel', async (c) => {
      const asked = (await c.req.json().catch(() => ({}))) as {
        orderId?: number
        refund?: { quantity?: number; restock?: boolean }
      }
      const orderId = asked.orderId ?? 0
      return c.json(asked.refund ? controls.refundOrder(orderId, asked.refund) : controls.cancelOrder(orderId))
    })
    // {"fail": {"status": 429, "times": 1, "retryAfter": 2}}, {"slowMs": 3000}, {"refuse": {"message", "times"}},
    // {"throttle": true} (the bucket drained).
    .put('/__control', async (c) => {
      const asked = (await c.req.json().catch(() => ({}))) as Partial<ShopifyControl> & { throttle?: boolean }
      if (asked.fail !== undefined) control.fail = asked.fail
      if (asked.slowMs !== undefined) control.slowMs = asked.slowMs
      if (asked.refuse !== undefined) control.refuse = asked.refuse
      if (asked.throttle) bucket.drain()
      return c.json({ ok: true })
    })

  return listen(app, options.port ?? 0, (url) => ({
    domain,
    apiVersion: SHOPIFY_STAND_IN_VERSION,
    clientId,
    clientSecret,
    store,
    orders,
    calls,
    ...controls,
    uninstall: () => {
      oauth.revokeAll()
      webhooks.emit(topicHeader('APP_UNINSTALLED'), { id: 1, name: store.name, domain, myshopify_domain: domain })
    },
    subscribe: webhooks.subscribe,
    emit: webhooks.emit,
    webhookDeliveries: webhooks.deliveries,
    control,
    bucket,
    consent: (authorizationUrl: string, choice: 'install' | 'cancel' = 'install') =>
      followConsent(url, authorizationUrl, choice === 'install' ? 'Install' : 'Cancel'),
  }))
}

// Run directly (node --import tsx tests/fakes/shopify.ts) for the browser tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeShopify({
    port: Number(process.env.FAKE_SHOPIFY_PORT ?? 3297),
    clientId: process.env.FAKE_SHOPIFY_CLIENT_ID ?? 'e2e-shopify-client',
    clientSecret: process.env.FAKE_SHOPIFY_CLIENT_SECRET ?? 'e2e-shopify-secret',
    redirectUris: process.env.FAKE_SHOPIFY_REDIRECT_URI ? [process.env.FAKE_SHOPIFY_REDIRECT_URI] : undefined,
  })
  console.log(`fake Shopify (${fake.domain}) listening on ${fake.url}`)
}
