// eBay's ORDER_CONFIRMATION push (docs/decisions/0051), beside the orders poll that stays the backstop. Each seller
// whose grant holds the subscription scope gets a Notification API destination of their own, at
// PUBLIC_URL/api/ebay/order-notifications/<key> (eBay answers the endpoint's challenge first), and a subscription made
// with their grant that sends their ORDER_CONFIRMATION there. A push eBay signed (notification-signature.ts) to a
// seller's address is only a reason to read: the order it names is read with that seller's token and applied once,
// as the poll applies it, so a push delivered twice, forged or racing the poll sells nothing twice.
import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import * as pushes from '../../db/ebay-order-push.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { badRequest, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { TokenRejected, type MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { EbayConfig } from './ebay-env.ts'
import { canCallAsApp, type AppTokens } from './app-token.ts'
import { challengeResponse } from './notification-challenge.ts'
import { notificationBody, type NotificationSignatures } from './notification-signature.ts'
import { SELLER_SALES_JOB, type EbaySalesRead } from './sales.ts'
import { EbayRefusal, readReply, type EbaySellClient, type SellReply } from './sell-api.ts'

/** Where eBay delivers: each seller's destination is this followed by /<their key>. */
export const EBAY_ORDER_PUSH_PATH = '/api/ebay/order-notifications'
/** Makes a seller's destination and subscription. */
export const EBAY_ORDER_PUSH_JOB = 'ebay-order-push'
/** What a seller's grant needs for eBay to let them subscribe (asked for when connecting: ebay-connect.ts). */
export const NOTIFICATION_SUBSCRIPTION_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription'

const NOTIFICATION_API = '/commerce/notification/v1'
const ORDER_CONFIRMATION = 'ORDER_CONFIRMATION'
const SUBSCRIPTION_PAYLOAD = { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' }
/** eBay's "Destination exists for this endpoint": made before this job was killed. */
const DESTINATION_EXISTS = 195021
/** eBay's "Challenge verification failed": the address did not answer (PUBLIC_URL wrong, or down); tried again later. */
const CHALLENGE_FAILED = 195020
/** A key in a path: 32 base64url characters (24 random bytes). */
const PUSH_KEY = /^[\w-]{32}$/

const DestinationsSchema = v.object({
  destinations: v.optional(
    v.array(
      v.object({
        destinationId: v.string(),
        deliveryConfig: v.optional(v.object({ endpoint: v.optional(v.string()) })),
      }),
    ),
    [],
  ),
  next: v.optional(v.string()),
})
const SubscriptionsSchema = v.object({
  subscriptions: v.optional(
    v.array(
      v.object({
        subscriptionId: v.string(),
        topicId: v.string(),
        status: v.optional(v.string()),
        destinationId: v.optional(v.string()),
      }),
    ),
    [],
  ),
  next: v.optional(v.string()),
})
// The topic's documented payload: eBay says the seller looks the order up by the orderId it carries.
const PushSchema = v.object({
  metadata: v.object({ topic: v.string() }),
  notification: v.optional(v.object({ data: v.optional(v.object({ orderId: v.optional(v.string()) })) })),
})
/** An eBay order id (e.g. 12-34567-89012); anything else is not put in a query, and the seller's orders are read. */
const ORDER_ID = /^[\w-]{1,64}$/

/** The id at the end of a Location header eBay answers a create with. */
const idOf = (location: string | null) => location?.split('/').filter(Boolean).at(-1)
/** A list's `next` (a full URL on the API host) as the path the Sell client sends. */
const pathOf = (next: string) => `${new URL(next).pathname}${new URL(next).search}`

/**
 * What pushing needs, when this server has it: eBay's app keys (destinations are made as the app), the verification
 * token eBay's challenges are answered with, and an https PUBLIC_URL (eBay delivers nowhere else).
 */
export function orderPushSettings(
  config: EbayConfig | undefined,
  publicUrl: string | undefined,
): { publicUrl: string; verificationToken: string } | undefined {
  if (!canCallAsApp(config) || !config.verificationToken || !publicUrl?.startsWith('https://')) return undefined
  return { publicUrl, verificationToken: config.verificationToken }
}

export interface EbayOrderPushDeps {
  sql: Sql
  jobs: JobQueue
  sell: EbaySellClient
  appTokens: AppTokens
  connectionService: MarketplaceConnectionService
  signatures: NotificationSignatures
  settings: NonNullable<ReturnType<typeof orderPushSettings>>
}

export interface EbayOrderPush {
  /**
   * The job: the seller's destination, then their subscription, each kept as soon as eBay made it. eBay refusing
   * either (the app not allowed the topic, no alert email set for the app…) is kept with its words and logged: that
   * seller is polled only. Busy, down, unreachable, or this server's address not answering eBay's challenge, the job
   * is retried (and queued again by the next poll).
   */
  subscribe(job: { userId: number }): Promise<void>
  /** On the sales poll's schedule: a subscription job for each seller who may have one and has none yet. */
  queueMissing(): Promise<void>
  /** GET ?challenge_code=…: proves to eBay that the seller's address is this app's. */
  challenge(key: string, challengeCode: string): Promise<{ challengeResponse: string }>
  /** POST: a push eBay signed queues a read of the order it names, for the seller whose address it came to. */
  receive(key: string, rawBody: string, signatureHeader: string | undefined, clientAddress: string): Promise<void>
}

export function createEbayOrderPush(deps: EbayOrderPushDeps): EbayOrderPush {
  const { sql, jobs, sell, appTokens, connectionService, signatures } = deps
  const { publicUrl, verificationToken } = deps.settings
  const endpointOf = (key: string) => `${publicUrl}${EBAY_ORDER_PUSH_PATH}/${key}`

  /** The first item of one of eBay's paged lists that `matches`, following the list's `next` page by page. */
  async function findListed<Item>(
    token: string,
    path: string,
    pageOf: (reply: SellReply) => { items: Item[]; next: string | undefined },
    matches: (item: Item) => boolean,
  ): Promise<Item | undefined> {
    for (let next: string | undefined = path; next;) {
      const page = pageOf(await sell.send(token, { method: 'GET', path: next }))
      const found = page.items.find(matches)
      if (found) return found
      next = page.next && page.items.length ? pathOf(page.next) : undefined
    }
    return undefined
  }

  /** The destination eBay already has for this address (made before a kill). */
  async function destinationAt(token: string, endpoint: string): Promise<string | undefined> {
    const found = await findListed(
      token,
      `${NOTIFICATION_API}/destination?limit=100`,
      (reply) => {
        const page = readReply(DestinationsSchema, reply)
        return { items: page.destinations, next: page.next }
      },
      (each) => each.deliveryConfig?.endpoint === endpoint,
    )
    return found?.destinationId
  }

  /** Makes (or finds) the seller's destination; eBay checks the address answers its challenge before it says yes. */
  async function destinationFor(push: pushes.OrderPushRow): Promise<string | undefined> {
    const token = await appTokens.get()
    const endpoint = endpointOf(push.pushKey)
    const body = {
      name: `snaplist-orders-${push.pushKey.slice(0, 12)}`,
      status: 'ENABLED',
      deliveryConfig: { endpoint, verificationToken },
    }
    try {
      const made = await sell.send(token, { method: 'POST', path: `${NOTIFICATION_API}/destination`, body })
      return idOf(made.location)
    } catch (error) {
      if (error instanceof EbayRefusal && error.errorIds.includes(DESTINATION_EXISTS))
        return destinationAt(token, endpoint)
      // eBay no longer takes the app's token: the next try asks for a new one.
      if (error instanceof TokenRejected) appTokens.forget(token)
      throw error
    }
  }

  /** The seller's ORDER_CONFIRMATION subscription, pointed at their destination; eBay keeps one per seller and topic. */
  async function subscriptionTo(token: string, destinationId: string): Promise<string | undefined> {
    const held = await findListed(
      token,
      `${NOTIFICATION_API}/subscription?limit=100`,
      (reply) => {
        const page = readReply(SubscriptionsSchema, reply)
        return { items: page.subscriptions, next: page.next }
      },
      (each) => each.topicId === ORDER_CONFIRMATION,
    )
    if (held) {
      if (held.destinationId !== destinationId || held.status !== 'ENABLED')
        await sell.send(token, {
          method: 'PUT',
          path: `${NOTIFICATION_API}/subscription/${held.subscriptionId}`,
          body: { status: 'ENABLED', payload: SUBSCRIPTION_PAYLOAD, destinationId },
        })
      return held.subscriptionId
    }
    const made = await sell.send(token, {
      method: 'POST',
      path: `${NOTIFICATION_API}/subscription`,
      body: { topicId: ORDER_CONFIRMATION, status: 'ENABLED', payload: SUBSCRIPTION_PAYLOAD, destinationId },
    })
    return idOf(made.location)
  }

  async function subscribe({ userId }: { userId: number }): Promise<void> {
    const connection = await findConnection(sql, userId, 'ebay')
    if (!connection?.accountId || !connection.scopes?.includes(NOTIFICATION_SUBSCRIPTION_SCOPE)) return
    const push = await pushes.claimOrderPush(
      sql,
      connection.id,
      connection.accountId,
      randomBytes(24).toString('base64url'),
    )
    if (push.subscriptionId || push.refused) return
    try {
      const destinationId = push.destinationId ?? (await destinationFor(push))
      if (!destinationId) throw new Error('eBay made the destination but did not say where')
      if (!push.destinationId) await pushes.recordDestination(sql, connection.id, destinationId)
      const subscriptionId = await connectionService.call(userId, 'ebay', (token) =>
        subscriptionTo(token, destinationId),
      )
      if (!subscriptionId) throw new Error('eBay made the subscription but did not say where')
      await pushes.recordSubscription(sql, connection.id, subscriptionId)
    } catch (error) {
      if (!(error instanceof EbayRefusal) || error.errorIds.includes(CHALLENGE_FAILED)) throw error
      console.error(`[ebay] no order push for seller ${userId}: ${error.message}`)
      await pushes.recordRefusal(sql, connection.id, error.message)
    }
  }

  async function queueMissing(): Promise<void> {
    for (const userId of await pushes.sellersAwaitingPush(sql, NOTIFICATION_SUBSCRIPTION_SCOPE))
      await jobs.send(EBAY_ORDER_PUSH_JOB, { userId })
  }

  /** The seller whose address this is (undefined for an address that is nobody's). */
  const sellerOf = async (key: string) => (PUSH_KEY.test(key) ? pushes.sellerOfPushKey(sql, key) : undefined)

  return {
    subscribe,
    queueMissing,

    async challenge(key: string, challengeCode: string): Promise<{ challengeResponse: string }> {
      // The answer to eBay's challenge is the address's own: none for an address that is nobody's.
      if ((await sellerOf(key)) === undefined) throw notFound('No eBay order notifications are delivered here.')
      return challengeResponse(challengeCode, verificationToken, endpointOf(key))
    },

    async receive(key: string, rawBody: string, signatureHeader: string | undefined, clientAddress: string) {
      const body = notificationBody(rawBody)
      const userId = await sellerOf(key)
      // Verified before anything else is said, so the answer tells nothing of which addresses are someone's. Only a
      // seller's address, which eBay alone was given, draws on the key fetches kept for eBay's own pushes.
      const budget = userId === undefined ? 'public' : 'seller-address'
      await signatures.verify(rawBody, body, signatureHeader, clientAddress, budget)
      const parsed = v.safeParse(PushSchema, body)
      if (!parsed.success) throw badRequest('The notification must name its topic (metadata.topic).')
      // A seller who disconnected: acknowledged, so eBay stops sending.
      if (userId === undefined || parsed.output.metadata.topic !== ORDER_CONFIRMATION) return
      const orderId = parsed.output.notification?.data?.orderId
      const read: EbaySalesRead = orderId && ORDER_ID.test(orderId) ? { userId, orderId } : { userId }
      await jobs.send(SELLER_SALES_JOB, read)
    },
  }
}
