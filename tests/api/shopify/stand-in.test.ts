// The Shopify stand-in refuses what Shopify refuses, so the Shopify wing's tests cannot pass on a document, a variable
// or a change Shopify would turn down; and it installs, sells, throttles and signs webhooks as Shopify does.
import { createHmac } from 'node:crypto'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeServer } from '../../fakes/listen.ts'
import type { JsonBody } from '../../helpers/test-app.ts'
import { startFakeShopify, type FakeShopify } from '../../fakes/shopify.ts'
import { BASIC_PLAN_PAYMENTS } from '../../fakes/shopify-transactions.ts'

const REDIRECT = 'https://snaplist.test/shopify/auth/success'
const ALL_SCOPES = 'write_products,write_inventory,read_locations,read_orders,write_publications'

let fake: FakeShopify
let token: string

interface Answer {
  data?: JsonBody | null
  errors?: { message: string; extensions?: JsonBody }[] | string
  extensions?: { cost: { requestedQueryCost: number; throttleStatus: { currentlyAvailable: number } } }
}

async function admin(query: string, variables?: object, accessToken = token): Promise<Answer & { status: number }> {
  const response = await fetch(`${fake.url}/${fake.domain}/admin/api/${fake.apiVersion}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
    body: JSON.stringify({ query, variables }),
  })
  return { status: response.status, ...((await response.json()) as Answer) }
}

/** Installs the app with these scopes, as a seller's consent does, and exchanges the code. */
async function install(scope: string): Promise<string> {
  const query = new URLSearchParams({ client_id: fake.clientId, scope, redirect_uri: REDIRECT, state: 'a-state' })
  const back = await fake.consent(`${fake.url}/${fake.domain}/admin/oauth/authorize?${query}`)
  const reply = await fetch(`${fake.url}/${fake.domain}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code: back.searchParams.get('code'),
    }),
  })
  return ((await reply.json()) as { access_token: string }).access_token
}

const PRODUCT_SET = `mutation Post($input: ProductSetInput!) {
  productSet(input: $input, synchronous: true) {
    product { id title status variants(first: 1) { nodes { id sku price inventoryItem { id tracked } } } }
    userErrors { field message code }
  }
}`
const locationId = () => `gid://shopify/Location/${fake.store.location.id}`
const productInput = (quantity = 1, extra: object = {}) => ({
  title: 'Denim jacket',
  descriptionHtml: '<p>Light wash.</p>',
  vendor: "Levi's",
  productType: 'Jackets',
  tags: ['denim', 'vintage'],
  status: 'ACTIVE',
  files: [{ originalSource: 'https://photos.snaplist.test/1.jpg', contentType: 'IMAGE' }],
  productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
  variants: [
    {
      optionValues: [{ optionName: 'Title', name: 'Default Title' }],
      price: '39.50',
      sku: 'snaplist-1',
      inventoryItem: { tracked: true, measurement: { weight: { unit: 'OUNCES', value: 24 } } },
      inventoryQuantities: [{ locationId: locationId(), name: 'available', quantity }],
    },
  ],
  ...extra,
})

/** A product made through productSet: its numeric id and its inventory item's global id. */
async function post(quantity = 1) {
  const answer = await admin(PRODUCT_SET, { input: productInput(quantity) })
  const product = answer.data!.productSet.product
  return { id: Number(product.id.split('/').pop()), itemId: product.variants.nodes[0].inventoryItem.id as string }
}

beforeAll(async () => {
  fake = await startFakeShopify({ redirectUris: [REDIRECT] })
  token = await install(ALL_SCOPES)
})
afterAll(() => fake.close())

describe('the Shopify stand-in', () => {
  it('refuses a document the schema does not allow, as Shopify answers it: GraphQL errors and nothing run', async () => {
    const answer = await admin('{ shop { name notAField } }')
    expect(answer.status).toBe(200)
    expect(answer.data).toBeUndefined()
    expect(answer.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/notAField/) })])
    expect((await admin('{ shop { name }')).errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/Syntax Error/) }),
    ])
  })

  it('refuses variables that are not of the operation’s input types, changing nothing', async () => {
    const before = fake.store.products.size
    const wrongType = await admin(PRODUCT_SET, { input: { ...productInput(), title: 42, tags: 'one tag' } })
    expect(wrongType.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/\$input/) })])
    const unknownField = await admin(PRODUCT_SET, { input: { ...productInput(), colour: 'blue' } })
    expect(unknownField.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/colour/) })])
    expect((await admin(PRODUCT_SET, {})).errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/was not provided/) }),
    ])
    expect(fake.store.products.size).toBe(before)
  })

  it('sends the browser back with an hmac of the sorted query under the client secret, and trades the code once', async () => {
    const query = new URLSearchParams({
      client_id: fake.clientId,
      scope: 'read_products',
      redirect_uri: REDIRECT,
      state: 's1',
    })
    const back = await fake.consent(`${fake.url}/${fake.domain}/admin/oauth/authorize?${query}`)
    const params = Object.fromEntries(back.searchParams)
    expect(params).toMatchObject({
      shop: fake.domain,
      state: 's1',
      code: expect.any(String),
      timestamp: expect.any(String),
    })
    const { hmac, ...rest } = params
    const message = Object.keys(rest)
      .sort()
      .map((name) => `${name}=${rest[name]}`)
      .join('&')
    expect(hmac).toBe(createHmac('sha256', fake.clientSecret).update(message).digest('hex'))

    const exchange = (body: object) =>
      fetch(`${fake.url}/${fake.domain}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const wrongSecret = await exchange({ client_id: fake.clientId, client_secret: 'nope', code: params.code })
    expect(wrongSecret.status).toBe(400)
    const granted = await exchange({ client_id: fake.clientId, client_secret: fake.clientSecret, code: params.code })
    expect(await granted.json()).toEqual({ access_token: expect.stringMatching(/^shpua_/), scope: 'read_products' })
    const again = await exchange({ client_id: fake.clientId, client_secret: fake.clientSecret, code: params.code })
    expect(again.status).toBe(400)
  })

  it('refuses an unknown redirect, and a token without the scope a field needs (ACCESS_DENIED)', async () => {
    const query = new URLSearchParams({
      client_id: fake.clientId,
      scope: 'read_products',
      redirect_uri: 'https://evil.test/',
      state: 's',
    })
    await expect(fake.consent(`${fake.url}/${fake.domain}/admin/oauth/authorize?${query}`)).rejects.toThrow(
      /whitelisted/,
    )
    const reader = await install('read_products')
    const denied = await admin(PRODUCT_SET, { input: productInput() }, reader)
    expect(denied.data!.productSet).toBeNull()
    expect(denied.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) }),
    ])
    expect((await admin('{ shop { name } }', undefined, 'shpua_unknown')).status).toBe(401)
  })

  it('makes a product with productSet: one variant, tracked at the location, with its cost in the answer', async () => {
    const answer = await admin(PRODUCT_SET, { input: productInput(2) })
    expect(answer.data!.productSet.userErrors).toEqual([])
    expect(answer.data!.productSet.product).toMatchObject({ title: 'Denim jacket', status: 'ACTIVE' })
    expect(answer.extensions!.cost.requestedQueryCost).toBeGreaterThanOrEqual(10)
    const held = fake.store.products.get(Number(answer.data!.productSet.product.id.split('/').pop()))!
    expect(held).toMatchObject({ vendor: "Levi's", productType: 'Jackets', tags: ['denim', 'vintage'] })
    expect(held.variant).toMatchObject({
      sku: 'snaplist-1',
      price: '39.50',
      tracked: true,
      weight: { unit: 'OUNCES', value: 24 },
    })
    expect(held.media).toEqual([expect.objectContaining({ originalSource: 'https://photos.snaplist.test/1.jpg' })])
    expect(fake.store.available.get(held.variant.inventoryItemId)).toBe(2)
  })

  it('answers in userErrors what Shopify refuses in a product: no options for the variant, a bad image address', async () => {
    const answer = await admin(PRODUCT_SET, {
      input: productInput(1, { productOptions: undefined, files: [{ originalSource: 'not a url' }] }),
    })
    expect(answer.data!.productSet.product).toBeNull()
    expect(answer.data!.productSet.userErrors.map((error: { code: string }) => error.code).sort()).toEqual([
      'INVALID_INPUT',
      'PRODUCT_OPTIONS_INPUT_MISSING',
    ])
  })

  it('sets a quantity only while changeFromQuantity is still the quantity (a sale since makes it stale)', async () => {
    const { id, itemId } = await post(3)
    const SET = `mutation Set($input: InventorySetQuantitiesInput!) {
      inventorySetQuantities(input: $input) { inventoryAdjustmentGroup { id } userErrors { field message code } }
    }`
    const set = (quantity: number, changeFromQuantity: number) =>
      admin(SET, {
        input: {
          name: 'available',
          reason: 'correction',
          quantities: [{ inventoryItemId: itemId, locationId: locationId(), quantity, changeFromQuantity }],
        },
      })
    fake.sell(id, 1)
    const stale = await set(5, 3)
    expect(stale.data!.inventorySetQuantities.userErrors).toEqual([
      expect.objectContaining({ code: 'CHANGE_FROM_QUANTITY_STALE' }),
    ])
    const fresh = await set(5, 2)
    expect(fresh.data!.inventorySetQuantities.userErrors).toEqual([])
    expect(fake.store.available.get(Number(itemId.split('/').pop()))).toBe(5)
  })

  it('ends and relists with productUpdate, publishes to the Online Store and deletes', async () => {
    const { id } = await post()
    const productId = `gid://shopify/Product/${id}`
    const status = async (value: string) =>
      (
        await admin(
          'mutation S($p: ProductUpdateInput!) { productUpdate(product: $p) { product { status } userErrors { message } } }',
          { p: { id: productId, status: value } },
        )
      ).data!
    expect((await status('DRAFT')).productUpdate.product.status).toBe('DRAFT')
    expect((await status('ACTIVE')).productUpdate.product.status).toBe('ACTIVE')
    const publications = await admin('{ publications(first: 5) { nodes { id catalog { title } } } }')
    const onlineStore = publications.data!.publications.nodes[0]
    expect(onlineStore.catalog.title).toBe('Online Store')
    const published = await admin(
      `mutation P($id: ID!, $input: [PublicationInput!]!) { publishablePublish(id: $id, input: $input) { userErrors { message } } }`,
      { id: productId, input: [{ publicationId: onlineStore.id }] },
    )
    expect(published.data!.publishablePublish.userErrors).toEqual([])
    expect(fake.store.products.get(id)!.onlineStore).toBe(true)
    const deleted = await admin(
      'mutation D($id: ID!) { productDelete(input: { id: $id }) { deletedProductId userErrors { message } } }',
      { id: productId },
    )
    expect(deleted.data!.productDelete.deletedProductId).toBe(productId)
    expect(fake.store.products.has(id)).toBe(false)
  })

  it('reads orders updated since a time, a page at a time, with their line items; cancels and refunds restock', async () => {
    const since = new Date().toISOString()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const { id, itemId } = await post(3)
    const first = fake.sell(id, 1)
    fake.sell(id, 1)
    const ORDERS = `query Orders($query: String, $after: String) {
      orders(first: 1, after: $after, query: $query, sortKey: UPDATED_AT) {
        nodes { id name displayFinancialStatus lineItems(first: 5) { nodes { sku quantity currentQuantity } } }
        pageInfo { hasNextPage endCursor }
      }
    }`
    const page1 = (await admin(ORDERS, { query: `updated_at:>'${since}'` })).data!.orders
    expect(page1.nodes[0].lineItems.nodes).toEqual([{ sku: 'snaplist-1', quantity: 1, currentQuantity: 1 }])
    expect(page1.pageInfo.hasNextPage).toBe(true)
    const page2 = (await admin(ORDERS, { query: `updated_at:>'${since}'`, after: page1.pageInfo.endCursor })).data!
      .orders
    expect(page2.nodes).toHaveLength(1)
    expect(page2.pageInfo.hasNextPage).toBe(false)
    const later = (await admin(ORDERS, { query: `updated_at:>'${new Date(Date.now() + 60_000).toISOString()}'` })).data!
      .orders
    expect(later.nodes).toEqual([])

    const item = Number(itemId.split('/').pop())
    expect(fake.store.available.get(item)).toBe(1)
    fake.cancelOrder(first.id)
    expect(fake.store.available.get(item)).toBe(2)
    expect(fake.orders.get(first.id)).toMatchObject({ financialStatus: 'REFUNDED', cancelledAt: expect.any(String) })
  })

  it("finds an order by its name, with its transactions: Shopify Payments' fees on its payment, another provider's none", async () => {
    const { id } = await post(2)
    const paid = fake.sell(id, 1)
    fake.store.payments = { gateway: 'paypal' }
    const elsewhere = fake.sell(id, 1)
    fake.store.payments = BASIC_PLAN_PAYMENTS
    fake.refundOrder(paid.id, { quantity: 1 })
    const EARNINGS = `query Earnings($query: String!) {
      orders(first: 1, query: $query) {
        nodes { name transactions(first: 5) { kind status gateway amountSet { shopMoney { amount } } fees { type amount { amount } } } }
      }
    }`
    const transactionsOf = async (name: string) => {
      const { nodes } = (await admin(EARNINGS, { query: `name:'${name}'` })).data!.orders
      expect(nodes.map((order: JsonBody) => order.name)).toEqual([name])
      return nodes[0].transactions
    }
    // 2.9% of 39.50 is 1.15, and 0.30; Shopify keeps it when the seller refunds.
    expect(await transactionsOf(paid.name)).toEqual([
      expect.objectContaining({
        kind: 'SALE',
        status: 'SUCCESS',
        gateway: 'shopify_payments',
        fees: [{ type: 'payment_processing_fee', amount: { amount: '1.45' } }],
      }),
      expect.objectContaining({ kind: 'REFUND', amountSet: { shopMoney: { amount: '39.50' } }, fees: [] }),
    ])
    expect(await transactionsOf(elsewhere.name)).toEqual([expect.objectContaining({ gateway: 'paypal', fees: [] })])
    // A field TransactionFee does not have is refused before anything runs.
    const wrong = await admin(EARNINGS.replace('fees { type', 'fees { type percent'), { query: `name:'${paid.name}'` })
    expect(wrong.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('percent') })])
  })

  it('throttles by query cost: THROTTLED with the bucket’s state once it is empty, or drained on demand', async () => {
    const small = await startFakeShopify({ bucket: { maximumAvailable: 30, restoreRate: 1 } })
    try {
      const scope = 'read_products'
      const query = new URLSearchParams({ client_id: small.clientId, scope, redirect_uri: REDIRECT, state: 's' })
      const code = (
        await small.consent(`${small.url}/${small.domain}/admin/oauth/authorize?${query}`)
      ).searchParams.get('code')
      const reply = await fetch(`${small.url}/${small.domain}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: small.clientId, client_secret: small.clientSecret, code }),
      })
      const smallToken = ((await reply.json()) as { access_token: string }).access_token
      const ask = () =>
        fetch(`${small.url}/${small.domain}/admin/api/${small.apiVersion}/graphql.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-shopify-access-token': smallToken },
          body: JSON.stringify({ query: '{ products(first: 10) { nodes { id title } } }' }),
        }).then((response) => response.json() as Promise<Answer>)
      const answers = [await ask(), await ask(), await ask()]
      const throttled = answers.find((answer) => Array.isArray(answer.errors))!
      expect(throttled.errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'THROTTLED' }) }),
      ])
      expect(throttled.extensions!.cost.throttleStatus).toMatchObject({ maximumAvailable: 30, restoreRate: 1 })
      // And on demand, as a burst of other apps' calls on the store would leave it.
      small.bucket.drain()
      expect((await ask()).errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'THROTTLED' }) }),
      ])
    } finally {
      await small.close()
    }
  })

  it('is busy (429 with Retry-After), down (503) and refusing (userErrors) when asked', async () => {
    fake.control.fail = { status: 429, times: 1, retryAfter: 2 }
    expect((await admin('{ shop { name } }')).status).toBe(429)
    fake.control.fail = { status: 503, times: 1 }
    expect((await admin('{ shop { name } }')).status).toBe(503)
    fake.control.refuse = { message: 'Your store is frozen', times: 1 }
    const refused = await admin(PRODUCT_SET, { input: productInput() })
    expect(refused.data!.productSet).toEqual({
      product: null,
      userErrors: [{ field: null, message: 'Your store is frozen', code: null }],
    })
    expect((await admin('{ shop { name currencyCode } }')).data!.shop).toEqual({
      name: "Rita's Vintage",
      currencyCode: 'USD',
    })
  })

  it('delivers a sale’s orders/paid signed with the client secret, retrying until the endpoint takes it', async () => {
    const received: { headers: Record<string, string>; body: string }[] = []
    let failFirst = true
    const endpoint = new Hono().post('/hooks', async (c) => {
      if (failFirst) {
        failFirst = false
        return c.text('down', 500)
      }
      received.push({ headers: Object.fromEntries(c.req.raw.headers), body: await c.req.text() })
      return c.text('ok')
    })
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: endpoint.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started))
    })
    try {
      const address = server.address() as { port: number }
      const subscribed = await admin(
        `mutation W($uri: String!) { webhookSubscriptionCreate(topic: ORDERS_PAID, webhookSubscription: { uri: $uri }) { webhookSubscription { topic } userErrors { message } } }`,
        { uri: `http://127.0.0.1:${address.port}/hooks` },
      )
      expect(subscribed.data!.webhookSubscriptionCreate.webhookSubscription.topic).toBe('ORDERS_PAID')
      const { id } = await post()
      const order = fake.sell(id)
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1)
      const [delivery] = received
      expect(delivery!.headers).toMatchObject({
        'x-shopify-topic': 'orders/paid',
        'x-shopify-shop-domain': fake.domain,
      })
      expect(delivery!.headers['x-shopify-hmac-sha256']).toBe(
        createHmac('sha256', fake.clientSecret).update(delivery!.body).digest('base64'),
      )
      expect(JSON.parse(delivery!.body)).toMatchObject({
        id: order.id,
        financial_status: 'paid',
        line_items: [{ sku: 'snaplist-1', quantity: 1 }],
      })
      const attempts = fake.webhookDeliveries.find((each) => each.topic === 'orders/paid')!
      expect(attempts.attempts).toEqual([500, 200])
    } finally {
      await closeServer(server)
    }
  })
})
