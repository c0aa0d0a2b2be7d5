// Shopify's webhooks (decision 0074), each verified by its X-Shopify-Hmac-Sha256 before anything is read (401
// otherwise): ORDERS_PAID, ORDERS_CANCELLED and REFUNDS_CREATE queue a read of the order they name for each seller
// connected to the store, once per delivery (X-Shopify-Webhook-Id, kept with the job in one transaction), the poll staying the backstop;
// APP_UNINSTALLED lapses the store's connections (its token no longer works); the mandatory privacy webhooks are
// answered: Snaplist keeps nothing of a store's customers (customers/data_request, customers/redact), and shop/redact
// forgets the store's connections. Subscribed on each connection when this server has a public address.
import * as v from 'valibot'
import { SHOPIFY_SHOP_DOMAIN } from '../../contract/shopify/shopify-shop.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as connections from '../../db/marketplace-connections.ts'
import { takeDelivery } from '../../db/push-deliveries.ts'
import { badRequest } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { refuseOnUserErrors, UserErrorsSchema, type ShopifyAdmin } from './admin-api.ts'
import { shopifyWebhookRefused } from './errors.ts'
import { SHOPIFY_SELLER_SALES_JOB, type ShopifySalesRead } from './sales.ts'
import type { ShopifyStoreAccess } from './store-access.ts'
import { webhookRefusal } from './webhook-signature.ts'

/** Where Shopify delivers: PUBLIC_URL followed by this, subscribed per store and set as the app's compliance address. */
export const SHOPIFY_WEBHOOK_PATH = '/api/shopify/webhooks'
/** The topics subscribed at connect; the privacy topics are the app's own configuration. */
const SUBSCRIBED = ['ORDERS_PAID', 'ORDERS_CANCELLED', 'REFUNDS_CREATE', 'APP_UNINSTALLED'] as const
const ORDER_TOPICS = ['orders/paid', 'orders/cancelled']
const REFUND_TOPIC = 'refunds/create'

/** One delivery as it arrived: its headers and the raw body its signature covers. */
export interface ShopifyDelivery {
  topic: string | undefined
  shop: string | undefined
  webhookId: string | undefined
  hmac: string | undefined
  body: string
}

const HeadersSchema = v.object({
  topic: v.pipe(v.string(), v.regex(/^[a-z_]{1,40}\/[a-z_]{1,40}$/)),
  shop: v.pipe(v.string(), v.maxLength(100), v.regex(SHOPIFY_SHOP_DOMAIN)),
  webhookId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,100}$/)),
})
const OrderSchema = v.object({
  admin_graphql_api_id: v.pipe(v.string(), v.regex(/^gid:\/\/shopify\/Order\/\d{1,20}$/)),
})
/** A refund names its order by number only. */
const RefundSchema = v.object({
  order_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
})

/** The order an order or refund webhook names (its gid), or a 400 when it names none. */
function orderNamed(topic: string, body: unknown): string {
  if (topic === REFUND_TOPIC) {
    const refund = v.safeParse(RefundSchema, body)
    if (!refund.success) throw badRequest('The refund webhook must name its order (order_id).')
    return `gid://shopify/Order/${refund.output.order_id}`
  }
  const order = v.safeParse(OrderSchema, body)
  if (!order.success) throw badRequest('The order webhook must name its order (admin_graphql_api_id).')
  return order.output.admin_graphql_api_id
}

const SUBSCRIBE = `mutation SnaplistSubscribe($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri }) { userErrors { field message } }
}`
const SubscribeSchema = v.object({ webhookSubscriptionCreate: v.object({ userErrors: UserErrorsSchema }) })

export interface ShopifyWebhooks {
  /** A delivery: verified, then acted on once; anything not for Snaplist is answered and dropped. */
  receive(delivery: ShopifyDelivery): Promise<void>
  /** Subscribes the seller's store to the topics above (at connect), when this server has a public address. */
  subscribe(userId: number): Promise<void>
}

export function createShopifyWebhooks(deps: {
  sql: Sql
  jobs: JobQueue
  admin: ShopifyAdmin
  access: ShopifyStoreAccess
  secret: string
  publicUrl: string | undefined
}): ShopifyWebhooks {
  const { sql, jobs, admin, access, secret, publicUrl } = deps

  async function queueOrderRead(shop: string, webhookId: string, orderId: string) {
    const sellers = await connections.sellersOfAccount(sql, 'shopify', shop)
    await sql.begin(async (tx) => {
      if (!(await takeDelivery(tx, 'shopify', webhookId))) return
      for (const userId of sellers)
        await jobs.sendInTransaction(tx, SHOPIFY_SELLER_SALES_JOB, { userId, orderId } satisfies ShopifySalesRead)
    })
  }

  /** The app was uninstalled: its token is over, so each seller's connection lapses and their screens ask for a new one. */
  async function uninstalled(shop: string) {
    for (const userId of await connections.sellersOfAccount(sql, 'shopify', shop)) {
      const row = await connections.findConnection(sql, userId, 'shopify')
      if (row && (await connections.markLapsed(sql, row.id, row.refreshToken)) !== undefined)
        await logChange(sql, userId, 'connection-needs-renewal', null, { platform: 'shopify' })
    }
  }

  return {
    async receive(delivery) {
      const refusal = webhookRefusal(secret, delivery.hmac, delivery.body)
      if (refusal) throw shopifyWebhookRefused(refusal)
      const headers = v.safeParse(HeadersSchema, delivery)
      if (!headers.success) throw badRequest('The webhook must name its topic, shop and webhook id.')
      const { topic, shop, webhookId } = headers.output
      let body: unknown
      try {
        body = JSON.parse(delivery.body)
      } catch {
        throw badRequest('The webhook body must be JSON.')
      }
      if (ORDER_TOPICS.includes(topic) || topic === REFUND_TOPIC)
        await queueOrderRead(shop, webhookId, orderNamed(topic, body))
      else if (topic === 'app/uninstalled') await uninstalled(shop)
      else if (topic === 'shop/redact') await connections.deleteAccountConnections(sql, 'shopify', shop)
      // customers/data_request and customers/redact: Snaplist keeps no customer's details from Shopify.
    },

    async subscribe(userId) {
      if (!publicUrl) return
      const uri = `${publicUrl}${SHOPIFY_WEBHOOK_PATH}`
      await access(userId, async (store) => {
        for (const topic of SUBSCRIBED) {
          const { webhookSubscriptionCreate } = await admin.request(store, {
            what: 'webhookSubscriptionCreate',
            document: SUBSCRIBE,
            variables: { topic, uri },
            schema: SubscribeSchema,
          })
          refuseOnUserErrors('webhookSubscriptionCreate', webhookSubscriptionCreate.userErrors)
        }
      })
    },
  }
}
