// The eBay stand-in's Notification API, as far as a seller's ORDER_CONFIRMATION push needs it (docs/decisions/0051):
// destinations, made with the application token once eBay's challenge to the endpoint is answered right (SHA-256 hex of
// challenge code + verification token + endpoint); subscriptions, made with a seller's token holding the
// commerce.notification.subscription scope, one per seller and topic; and the pushes themselves: every order made for
// a subscribed seller is POSTed to the subscription's destination, one notification per line item, signed as eBay signs
// (X-EBAY-SIGNATURE, ECDSA over the body), retried while the endpoint does not answer 2xx. Request bodies and query
// parameters are checked against eBay's contract (commerce_notification_v1_oas3.json), refusals carry its error ids.
// eBay delivers only to https: a test's app listens on http, so `reachAppAt` plays the TLS proxy in front of it.
import { createHash, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createContractChecker } from './ebay-contracts.ts'
import type { BearerToken, FakeOrder } from './ebay-sell.ts'

const BASE = '/commerce/notification/v1'
const APP_SCOPE = 'https://api.ebay.com/oauth/api_scope'
const SUBSCRIPTION_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription'
/** The user topic a seller subscribes to, and its one schema version. */
const ORDER_CONFIRMATION = { topicId: 'ORDER_CONFIRMATION', schemaVersion: '1.0' }
// eBay retries a failed push over hours; the stand-in keeps a few attempts at a test's pace (1, 2, then 3 s).
const ATTEMPTS = 4
const RETRY_MS = 1_000
const contract = createContractChecker('commerce_notification_v1_oas3.json')

interface Destination {
  destinationId: string
  name: string
  status: 'ENABLED' | 'DISABLED'
  deliveryConfig: { endpoint: string; verificationToken: string }
}

interface Subscription {
  subscriptionId: string
  topicId: string
  status: 'ENABLED' | 'DISABLED'
  payload: { format: string; schemaVersion: string; deliveryProtocol: string }
  destinationId: string
  creationDate: string
  /** Whose token made it (the stand-in's seller: the state of the consent). */
  seller: string
}

export interface OrderPush {
  orderId: string
  seller: string
  /** Each attempt's HTTP status (0: the endpoint could not be reached). */
  attempts: number[]
}

const notificationError = (c: Context, status: ContentfulStatusCode, errorId: number, message: string) =>
  c.json(
    { errors: [{ errorId, domain: 'API_NOTIFICATION', category: 'REQUEST', message, longMessage: message }] },
    status,
  )

const challengeAnswer = (code: string, token: string, endpoint: string) =>
  createHash('sha256').update(code).update(token).update(endpoint).digest('hex')

export function createNotificationStandIn({ bearer, sign }: { bearer: BearerToken; sign: (body: string) => string }) {
  const destinations = new Map<string, Destination>()
  const subscriptions = new Map<string, Subscription>()
  const pushes: OrderPush[] = []
  /** Public https origins and the http address the app behind each listens on. */
  const proxies = new Map<string, string>()

  const reach = (endpoint: string) => {
    const url = new URL(endpoint)
    const listening = proxies.get(url.origin)
    return listening ? `${listening}${url.pathname}${url.search}` : endpoint
  }

  /** eBay's check that the endpoint is the app's: a GET with a challenge code, answered with the hash. */
  async function answersChallenge({ endpoint, verificationToken }: Destination['deliveryConfig']): Promise<boolean> {
    const code = randomUUID()
    const url = new URL(reach(endpoint))
    url.searchParams.set('challenge_code', code)
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } })
      const body = (await response.json().catch(() => ({}))) as { challengeResponse?: unknown }
      return response.ok && body.challengeResponse === challengeAnswer(code, verificationToken, endpoint)
    } catch {
      return false
    }
  }

  const appCaller = (c: Context) => {
    const token = bearer(c)
    return token?.seller === '' && token.scopes.includes(APP_SCOPE)
  }
  const unauthorized = (c: Context) =>
    notificationError(c, 401, 1001, 'Invalid access token. Check the value of the Authorization HTTP request header.')

  /** The problems eBay's contract finds in a body, answered as eBay's 400; undefined when there are none. */
  const contractRefusal = (c: Context, operationId: string, body: unknown) => {
    const problems = contract.check(operationId, body)
    return problems.length
      ? notificationError(c, 400, 195000, problems.map((problem) => `${problem.at} ${problem.message}`).join('; '))
      : undefined
  }

  async function push(destination: Destination, seller: string, order: FakeOrder, lineItemId: string) {
    const record: OrderPush = { orderId: order.orderId, seller, attempts: [] }
    pushes.push(record)
    const notificationId = randomUUID()
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt))
      const body = JSON.stringify({
        metadata: {
          topic: ORDER_CONFIRMATION.topicId,
          schemaVersion: ORDER_CONFIRMATION.schemaVersion,
          deprecated: false,
        },
        notification: {
          notificationId,
          eventDate: order.creationDate,
          publishDate: new Date().toISOString(),
          publishAttemptCount: attempt + 1,
          data: { orderId: order.orderId, lineItemId },
        },
      })
      const status = await fetch(reach(destination.deliveryConfig.endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ebay-signature': sign(body) },
        body,
      }).then(
        (response) => response.status,
        () => 0,
      )
      record.attempts.push(status)
      if (status >= 200 && status < 300) return
    }
  }

  const routes = new Hono()
    .post(`${BASE}/destination`, async (c) => {
      if (!appCaller(c)) return unauthorized(c)
      const body = (await c.req.json().catch(() => undefined)) as Partial<Omit<Destination, 'destinationId'>>
      const refused = contractRefusal(c, 'createDestination', body)
      if (refused) return refused
      const { name = '', status, deliveryConfig } = body
      if (!name || name.length > 64 || /[<>]/.test(name))
        return notificationError(c, 400, 195016, 'Invalid name. Markups or lengths greater than 64 not supported')
      const endpoint = deliveryConfig?.endpoint ?? ''
      if (!URL.canParse(endpoint) || new URL(endpoint).protocol !== 'https:')
        return notificationError(c, 400, 195017, 'Invalid or missing endpoint.')
      if (status !== 'ENABLED' && status !== 'DISABLED')
        return notificationError(
          c,
          400,
          195018,
          'Invalid or missing destination status. Supported values:[ENABLED,DISABLED]',
        )
      // eBay's rule for verification tokens: 32 to 80 characters of letters, digits, underscores and hyphens.
      const verificationToken = deliveryConfig?.verificationToken ?? ''
      if (!/^[\w-]{32,80}$/.test(verificationToken))
        return notificationError(c, 400, 195019, 'Invalid or missing verification token for this endpoint.')
      if ([...destinations.values()].some((held) => held.deliveryConfig.endpoint === endpoint))
        return notificationError(c, 409, 195021, 'Destination exists for this endpoint')
      if (!(await answersChallenge({ endpoint, verificationToken })))
        return notificationError(c, 409, 195020, 'Challenge verification failed for requested endpoint')
      const destinationId = randomUUID()
      destinations.set(destinationId, { destinationId, name, status, deliveryConfig: { endpoint, verificationToken } })
      c.header('location', `${new URL(c.req.url).origin}${BASE}/destination/${destinationId}`)
      return c.body(null, 201)
    })
    .get(`${BASE}/destination`, (c) => {
      if (!appCaller(c)) return unauthorized(c)
      const unknown = contract.unknownQuery('getDestinations', Object.keys(c.req.query()))
      if (unknown.length) return notificationError(c, 400, 195000, `Unknown parameters: ${unknown.join(', ')}`)
      const all = [...destinations.values()]
      return c.json({ total: all.length, limit: all.length, destinations: all })
    })
    .delete(`${BASE}/destination/:id`, (c) => {
      if (!appCaller(c)) return unauthorized(c)
      const id = c.req.param('id')
      if (!destinations.has(id)) return notificationError(c, 404, 195022, 'Invalid or missing destination id.')
      if ([...subscriptions.values()].some((held) => held.destinationId === id))
        return notificationError(c, 409, 195024, 'Destination is in use and cannot be deleted.')
      destinations.delete(id)
      return c.body(null, 204)
    })
    .post(`${BASE}/subscription`, async (c) => {
      const token = bearer(c)
      if (!token) return unauthorized(c)
      const body = (await c.req.json().catch(() => undefined)) as Partial<Omit<Subscription, 'subscriptionId'>>
      const refused = contractRefusal(c, 'createSubscription', body)
      if (refused) return refused
      const { topicId, status, payload, destinationId = '' } = body
      if (topicId !== ORDER_CONFIRMATION.topicId)
        return notificationError(c, 400, 195027, 'Invalid or missing topic id.')
      // A user topic: the subscription is the seller's, made with their token and its scope.
      if (token.seller === '' || !token.scopes.includes(SUBSCRIPTION_SCOPE))
        return notificationError(c, 403, 195011, 'Not authorized for this topic.')
      if (status !== 'ENABLED' && status !== 'DISABLED')
        return notificationError(c, 400, 195006, 'Invalid or missing subscription status.')
      const destination = destinations.get(destinationId)
      if (!destination) return notificationError(c, 400, 195007, 'Invalid or missing destination id.')
      if (payload?.schemaVersion !== ORDER_CONFIRMATION.schemaVersion)
        return notificationError(c, 400, 195008, 'Invalid or missing schema version.')
      if (payload.format !== 'JSON')
        return notificationError(c, 400, 195009, 'Specified format is not supported for the topic.')
      if (payload.deliveryProtocol !== 'HTTPS') return notificationError(c, 400, 195010, 'Invalid or missing protocol')
      if ([...subscriptions.values()].some((held) => held.seller === token.seller && held.topicId === topicId))
        return notificationError(c, 409, 195012, 'Subscription already exists')
      if (status === 'ENABLED' && destination.status !== 'ENABLED')
        return notificationError(
          c,
          409,
          195015,
          'The subscription cannot be enabled since the destination is not enabled.',
        )
      const subscriptionId = randomUUID()
      subscriptions.set(subscriptionId, {
        subscriptionId,
        topicId,
        status,
        payload: { format: payload.format, schemaVersion: payload.schemaVersion, deliveryProtocol: 'HTTPS' },
        destinationId,
        creationDate: new Date().toISOString(),
        seller: token.seller,
      })
      c.header('location', `${new URL(c.req.url).origin}${BASE}/subscription/${subscriptionId}`)
      return c.body(null, 201)
    })
    .put(`${BASE}/subscription/:id`, async (c) => {
      const token = bearer(c)
      if (!token) return unauthorized(c)
      const held = subscriptions.get(c.req.param('id'))
      if (!held || held.seller !== token.seller)
        return notificationError(c, 404, 195007, 'Invalid or missing subscription id.')
      const body = (await c.req.json().catch(() => undefined)) as Partial<
        Pick<Subscription, 'status' | 'destinationId'>
      >
      const refused = contractRefusal(c, 'updateSubscription', body)
      if (refused) return refused
      const destination = destinations.get(body.destinationId ?? held.destinationId)
      if (!destination) return notificationError(c, 400, 195007, 'Invalid or missing destination id.')
      if (body.status !== 'ENABLED' && body.status !== 'DISABLED')
        return notificationError(c, 400, 195006, 'Invalid or missing subscription status.')
      held.status = body.status
      held.destinationId = destination.destinationId
      return c.body(null, 204)
    })
    .get(`${BASE}/subscription`, (c) => {
      const token = bearer(c)
      if (!token) return unauthorized(c)
      const unknown = contract.unknownQuery('getSubscriptions', Object.keys(c.req.query()))
      if (unknown.length) return notificationError(c, 400, 195000, `Unknown parameters: ${unknown.join(', ')}`)
      const mine = [...subscriptions.values()]
        .filter((held) => held.seller === token.seller)
        .map(({ seller: _seller, ...shown }) => shown)
      return c.json({ total: mine.length, limit: mine.length, subscriptions: mine })
    })

  return {
    routes,
    pushes,
    destinations,
    subscriptions,
    /** The app listening at `listening` is what `publicOrigin` (its PUBLIC_URL) reaches, as through its TLS proxy. */
    reachAppAt(publicOrigin: string, listening: string) {
      proxies.set(new URL(publicOrigin).origin, listening)
    },
    /** An order was made for the seller: each line goes out to their subscription's destination (not awaited). */
    orderMade(seller: string, order: FakeOrder) {
      const subscription = [...subscriptions.values()].find(
        (held) => held.seller === seller && held.topicId === ORDER_CONFIRMATION.topicId && held.status === 'ENABLED',
      )
      const destination = subscription && destinations.get(subscription.destinationId)
      if (!destination || destination.status !== 'ENABLED') return
      for (const line of order.lineItems) void push(destination, seller, order, line.lineItemId)
    },
  }
}

export type NotificationStandIn = ReturnType<typeof createNotificationStandIn>
