// A stand-in for eBay's user-consent grant and the calls Snaplist makes to connect a seller, refusing what eBay refuses:
// a consent page that sends the browser to the RuName's Auth Accepted URL with a percent-encoded code (Agree) or to its
// Auth Declined URL (Decline); the token endpoint, which wants HTTP Basic (App ID : Cert ID) and the RuName as
// redirect_uri, spends each code once, and refreshes without rotating; Identity getUser, on the host given as apiz;
// the selling APIs (tests/fakes/ebay-sell.ts) and offers to watchers (tests/fakes/ebay-negotiation.ts) behind the same
// tokens.
// The Notification API's getPublicKey, a signer for Marketplace Account Deletion notifications (ECDSA, SHA-1), and a
// seller's ORDER_CONFIRMATION push (tests/fakes/ebay-notification.ts).
// Errors take eBay's shapes: {error, error_description} from OAuth, {errors: [...]} from the REST APIs.
import { postOrderRoutes, returnOrder, type FakeReturn } from './ebay-post-order.ts'
import { Hono, type Context } from 'hono'
import { generateKeyPairSync, randomBytes, randomInt, sign, type KeyObject } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { listen } from './listen.ts'
import {
  backTo,
  consentRoutes,
  createTokens,
  followConsent,
  oauthError,
  presentedToken,
  type TokenControls,
} from './oauth-stand-in.ts'
import {
  cancelOrder,
  createSellState,
  inventoryOf,
  restError,
  sellItem,
  sellRoutes,
  type BusinessPolicyIds,
  type FakeOrder,
  type Inventory,
  type SellMode,
  type SellState,
} from './ebay-sell.ts'
import { catalogRoutes } from './ebay-catalog.ts'
import { financesRoutes, refundOrder } from './ebay-finances.ts'
import { importRoutes, seedLiveListings, sellTradingItem, type SeedCounts } from './ebay-import.ts'
import { tradingRoutes } from './ebay-trading.ts'
import {
  acceptOffer,
  addWatchers,
  createNegotiationState,
  expireOffer,
  negotiationRoutes,
  type NegotiationState,
} from './ebay-negotiation.ts'
import { createNotificationStandIn, type NotificationStandIn } from './ebay-notification.ts'

export type { BusinessPolicyIds } from './ebay-sell.ts'

export interface FakeEbayOptions {
  port?: number
  clientId?: string
  clientSecret?: string
  /** The app's RuName and the addresses eBay sends the seller to after agreeing or declining. */
  ruName?: string
  acceptedUrl?: string
  declinedUrl?: string
  seller?: { userId: string; username: string }
}

export interface FakeEbay extends TokenControls {
  url: string
  /** The consent page, for EBAY_AUTH_URL. */
  authUrl: string
  clientId: string
  clientSecret: string
  ruName: string
  seller: Required<FakeEbayOptions>['seller']
  /** Every token-endpoint request's grant type, in order. */
  grants: string[]
  /** Every API call, as "METHOD path". */
  calls: string[]
  /** Forgets every access token (they answer 401) but keeps refresh tokens: as when eBay ends a token early. */
  expireAccessTokens(): void
  /** The sellers' access tokens eBay holds now (a benchmark calls eBay's APIs with one itself). */
  liveAccessTokens(): string[]
  /** The X-EBAY-SIGNATURE eBay would send with this notification body. */
  signNotification(body: string): string
  /** Notification destinations and subscriptions, and every ORDER_CONFIRMATION pushed. */
  notifications: Omit<NotificationStandIn, 'routes' | 'orderMade'>
  /** What the selling APIs hold: inventories by seller, published listings, uploaded pictures; the lost-reply switch. */
  sell: SellState
  /** A seller's inventory, the seller named by the state of the consent their tokens came from. */
  inventory(seller: string): Inventory
  /** Sets the seller's business policies; null plays a seller not opted in to business policies. */
  setPolicies(policies: BusinessPolicyIds | null): void
  /** A buyer buys `quantity` of the seller's live listing for this SKU: an order for getOrders, fewer left on eBay. */
  sellItem(seller: string, sku: string, quantity?: number, shipping?: number): FakeOrder
  /** The buyer's order is cancelled (at `at`, now when not given): CANCELED, and last modified then. */
  cancelOrder(seller: string, orderId: string, at?: Date): FakeOrder
  /** The buyer sends `quantity` of the order back and is refunded: a closed return for the return search. */
  returnOrder(seller: string, orderId: string, quantity?: number): FakeReturn
  /** Makes the seller's live listings (Inventory API and ebay.com); answers their eBay item ids by kind. */
  seedLive(seller: string, counts: SeedCounts): { inventory: string[]; trading: string[] }
  /** A buyer buys a listing the seller made on ebay.com: an order line with eBay's item id and no SKU. */
  sellTradingItem(seller: string, itemId: string, quantity?: number): FakeOrder
  /** Offers to interested buyers: watchers by listing, offers sent (tests/fakes/ebay-negotiation.ts). */
  negotiation: NegotiationState
  /** `count` more buyers watch the seller's eBay listing: it becomes eligible for an offer. */
  watch(listingId: string, count?: number): void
  /** A buyer accepts the offer: an order at its price, pushed as any order is. */
  acceptOffer(offerId: string): FakeOrder
  /** The offer's two days pass unanswered. */
  expireOffer(offerId: string): void
  /** How the selling APIs answer from now on: normally, busy (429), down (500) or slowly. */
  setMode(mode: SellMode, slowMs?: number): void
  /** Plays the seller on the consent page; returns where eBay sends the browser. */
  consent(authorizationUrl: string, choice?: 'agree' | 'decline'): Promise<URL>
  close(): Promise<void>
}

// eBay's lifetimes: access token 2 hours, refresh token 18 months, code about 5 minutes.
const ACCESS_TOKEN_SECONDS = 7200
const REFRESH_TOKEN_SECONDS = 47_304_000
const CODE_LIFETIME_MS = 299 * 1000
const KNOWN_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/sell.account.readonly',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
  'https://api.ebay.com/oauth/api_scope/sell.finances',
  'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
]

interface PendingConsent {
  state: string | undefined
  scopes: string[]
}

interface State {
  clientId: string
  clientSecret: string
  ruName: string
  acceptedUrl: string
  declinedUrl: string
  seller: Required<FakeEbayOptions>['seller']
  codes: Map<string, { issuedAt: number; used: boolean; scopes: string[]; grant: string }>
  /** Access tokens with their expiry and scopes, refresh tokens with their scopes. */
  tokens: ReturnType<typeof createTokens<{ expiresAt: number; scopes: string[] }, string[]>>
  /** Which consent (by the state it came with) each token descends from, so one seller's grant can be revoked. */
  grantOf: Map<string, string>
  grants: string[]
  calls: string[]
  appTokens: Set<string>
  sell: SellState
  negotiation: NegotiationState
  signingKey: { kid: string; privateKey: KeyObject; publicPem: string }
  /** Made with the app (it knows the tokens); an order made for a seller is pushed through it. */
  notifications?: NotificationStandIn
}

// eBay's codes and tokens look like this; the ^ and # make a code that was not decoded, or decoded twice, fail.
const ebayCode = () => `v^1.1#i^1#r^1#p^3#I^3#f^0#t^${randomBytes(24).toString('base64url')}`
const ebayToken = () => `v^1.1#i^1#f^0#p^3#I^3#r^0#t^${randomBytes(32).toString('base64url')}`

function consentProblem(state: State, query: Record<string, string>): string | undefined {
  if (query.client_id !== state.clientId) return 'client_id is not a known App ID'
  if (query.redirect_uri !== state.ruName) return 'redirect_uri must be the RuName of the app'
  if (query.response_type !== 'code') return 'response_type must be code'
  const scopes = (query.scope ?? '').split(' ')
  if (scopes.some((scope) => !KNOWN_SCOPES.includes(scope))) return `scope contains an unknown scope: ${query.scope}`
  return undefined
}

function createFakeApp(state: State) {
  const { now, access: accessTokens, refresh: refreshTokens } = state.tokens

  function issueTokens(c: Context, scopes: string[], grant: string, refreshToken?: string) {
    const access = ebayToken()
    accessTokens.set(access, { expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000, scopes })
    state.grantOf.set(access, grant)
    const reply: Record<string, unknown> = {
      access_token: access,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'User Access Token',
    }
    if (refreshToken) return c.json(reply)
    const refresh = ebayToken()
    refreshTokens.set(refresh, scopes)
    state.grantOf.set(refresh, grant)
    return c.json({ ...reply, refresh_token: refresh, refresh_token_expires_in: REFRESH_TOKEN_SECONDS })
  }

  function exchangeCode(c: Context, form: Record<string, string>) {
    if (form.redirect_uri !== state.ruName)
      return oauthError(c, 400, 'invalid_request', 'The redirect_uri must be the RuName of the app')
    const issued = state.codes.get(form.code ?? '')
    if (!issued || issued.used || now() - issued.issuedAt > CODE_LIFETIME_MS) {
      if (issued) issued.used = true
      return oauthError(
        c,
        400,
        'invalid_grant',
        'the provided authorization grant code is invalid or was issued to another client',
      )
    }
    issued.used = true
    return issueTokens(c, issued.scopes, issued.grant)
  }

  function refresh(c: Context, form: Record<string, string>) {
    const scopes = refreshTokens.get(form.refresh_token ?? '')
    if (!scopes)
      return oauthError(
        c,
        400,
        'invalid_grant',
        'the provided authorization refresh token is invalid or was issued to another client',
      )
    const asked = (form.scope ?? '').split(' ').filter(Boolean)
    if (asked.some((scope) => !scopes.includes(scope)))
      return oauthError(
        c,
        400,
        'invalid_scope',
        'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
      )
    return issueTokens(
      c,
      asked.length ? asked : scopes,
      state.grantOf.get(form.refresh_token!) ?? '',
      form.refresh_token,
    )
  }

  function applicationToken(c: Context, form: Record<string, string>) {
    if (form.scope !== 'https://api.ebay.com/oauth/api_scope')
      return oauthError(
        c,
        400,
        'invalid_scope',
        'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
      )
    const token = ebayToken()
    state.appTokens.add(token)
    return c.json({ access_token: token, expires_in: ACCESS_TOKEN_SECONDS, token_type: 'Application Access Token' })
  }

  /** A live seller's token (Trading's X-EBAY-API-IAF-TOKEN): its scopes and seller, or undefined. */
  const ownerOf = (presented: string) => {
    const token = accessTokens.get(presented)
    return token && token.expiresAt > now()
      ? { scopes: token.scopes, seller: state.grantOf.get(presented) ?? '' }
      : undefined
  }

  /** The scopes of a live Bearer token, or undefined; an application token is no seller's and has the base scope. */
  const bearer = (c: Context) => {
    const presented = presentedToken(c)
    if (state.appTokens.has(presented)) return { scopes: ['https://api.ebay.com/oauth/api_scope'], seller: '' }
    const token = accessTokens.get(presented)
    return token && token.expiresAt > now()
      ? { scopes: token.scopes, seller: state.grantOf.get(presented) ?? '' }
      : undefined
  }
  const notifications = createNotificationStandIn({ bearer, sign: (body) => signAsEbay(state.signingKey, body) })
  state.notifications = notifications

  return (
    new Hono()
      .use(async (c, next) => {
        if (!c.req.path.startsWith('/oauth2/')) state.calls.push(`${c.req.method} ${c.req.path}`)
        await next()
      })
      // One seller's calls answer busy or down, whichever API (a REST Bearer token or Trading's IAF token), while every
      // other seller's go on: the browser suite's sellers share this stand-in.
      .use(async (c, next) => {
        const token = bearer(c) ?? ownerOf(c.req.header('x-ebay-api-iaf-token') ?? '')
        const trouble = token?.seller ? state.sell.inventories.get(token.seller)?.trouble : undefined
        if (!trouble) return next()
        if (trouble === 429)
          return restError(c, 429, 2001, 'Too many requests. The request limit has been reached for the resource.')
        return restError(c, 503, 2003, 'There was a problem with an eBay internal system or process. (stand-in)')
      })
      .route('/', sellRoutes(state.sell, bearer))
      .route('/', financesRoutes(state.sell, bearer))
      .route(
        '/',
        negotiationRoutes(state.negotiation, state.sell, bearer, (seller, order) => ordered(state, seller, order)),
      )
      .route('/', postOrderRoutes(state.sell, ownerOf))
      .route('/', catalogRoutes(bearer))
      .route('/', importRoutes(state.sell, bearer))
      .route('/', tradingRoutes(state.sell, ownerOf))
      .route('/', notifications.routes)
      .route(
        '/',
        consentRoutes<PendingConsent>({
          page: {
            provider: 'eBay',
            question: 'Grant Snaplist access to your eBay account?',
            decidePath: '/oauth2/decide',
            choices: [
              { choice: 'agree', label: 'Agree' },
              { choice: 'decline', label: 'Decline' },
            ],
          },
          authorizePath: '/oauth2/authorize',
          problem: (query) => consentProblem(state, query),
          pending: (query) => ({ state: query.state, scopes: query.scope!.split(' ') }),
          granted: (consent, id) => {
            const code = ebayCode()
            state.codes.set(code, { issuedAt: now(), used: false, scopes: consent.scopes, grant: consent.state ?? id })
            return backTo(state.acceptedUrl, { state: consent.state, code, expires_in: '299' })
          },
          denied: (consent) => backTo(state.declinedUrl, { error: 'access_denied', state: consent.state }),
        }),
      )
      .post('/identity/v1/oauth2/token', async (c) => {
        if (!c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded')) {
          return oauthError(c, 400, 'invalid_request', 'request is missing a required parameter or malformed.')
        }
        const form = Object.fromEntries(new URLSearchParams(await c.req.text()))
        state.grants.push(form.grant_type ?? '')
        const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`
        if (c.req.header('authorization') !== expected)
          return oauthError(c, 401, 'invalid_client', 'client authentication failed')
        if (form.grant_type === 'authorization_code') return exchangeCode(c, form)
        if (form.grant_type === 'refresh_token') return refresh(c, form)
        if (form.grant_type === 'client_credentials') return applicationToken(c, form)
        return oauthError(
          c,
          400,
          'unsupported_grant_type',
          'grant type in request is not supported by the authorization server',
        )
      })
      .get('/commerce/notification/v1/public_key/:kid', (c) => {
        if (!state.appTokens.has(presentedToken(c)))
          return restError(
            c,
            401,
            1001,
            'Invalid access token. Check the value of the Authorization HTTP request header.',
          )
        if (c.req.param('kid') !== state.signingKey.kid)
          return restError(c, 404, 195003, 'The specified key id is invalid.')
        // As eBay sends it: the PEM on one line.
        return c.json({ key: state.signingKey.publicPem.replace(/\n/g, ''), algorithm: 'ECDSA', digest: 'SHA1' })
      })
      // The seller removes Snaplist's access on eBay (the browser tests' way to revoke one grant among many).
      .post('/__control/revoke', async (c) => {
        const { state: grant } = (await c.req.json().catch(() => ({}))) as { state?: string }
        const revoked = [...state.grantOf].filter(([, of]) => of === grant).map(([token]) => token)
        for (const token of revoked) {
          accessTokens.delete(token)
          refreshTokens.delete(token)
        }
        return c.json({ revoked: revoked.length })
      })
      // What one seller (named by the grant's state) has on eBay: the browser tests' way to see what reached eBay.
      .get('/__control/offers', (c) => {
        const inventory = inventoryOf(state.sell, c.req.query('state') ?? '')
        const offers = [...inventory.offers.values()].map((offer) => ({
          sku: offer.sku,
          status: offer.status,
          ...offer.body,
          item: inventory.items.get(offer.sku),
        }))
        return c.json({ offers })
      })
      // Every listing one seller has live on eBay, one entry per publish that made a listing: the browser tests' way to
      // count that each SKU went live once.
      .get('/__control/listings', (c) => {
        const grant = c.req.query('state') ?? ''
        return c.json({
          listings: [...state.sell.listings]
            .filter(([, entry]) => entry.seller === grant)
            .map(([listingId, entry]) => ({ listingId, sku: entry.sku })),
        })
      })
      // A seller's live listings of both kinds, for an import: {"state", "inventory": 3, "trading": 2, "pictures": 2}.
      .post('/__control/seed-live', async (c) => {
        const { state: grant = '', ...counts } = (await c.req.json().catch(() => ({}))) as SeedCounts & {
          state?: string
        }
        return c.json(seedLiveListings(state.sell, grant, new URL(c.req.url).origin, counts))
      })
      // A buyer buys one of a seller's live listings (the browser tests' and benchmarks' way to make a sale): by SKU,
      // or by eBay item id for one made on ebay.com.
      .post('/__control/sell', async (c) => {
        const {
          state: grant = '',
          sku = '',
          itemId,
          quantity = 1,
          shipping = 0,
        } = (await c.req.json().catch(() => ({}))) as {
          state?: string
          sku?: string
          itemId?: string
          quantity?: number
          shipping?: number
        }
        try {
          if (itemId) return c.json(ordered(state, grant, sellTradingItem(state.sell, grant, itemId, quantity)))
          return c.json(ordered(state, grant, sellItem(state.sell, grant, sku, quantity, new Date(), shipping)))
        } catch (error) {
          return c.json({ message: (error as Error).message }, 400)
        }
      })
      // Busy, down, slow or good again: {"mode": "busy"}.
      .put('/__control/mode', async (c) => {
        const { mode = 'good', slowMs } = (await c.req.json().catch(() => ({}))) as { mode?: SellMode; slowMs?: number }
        state.sell.mode = mode
        if (slowMs !== undefined) state.sell.slowMs = slowMs
        return c.json({ mode })
      })
      // Gives the seller (the state of the consent their tokens came from) a shipping policy of their own, priced by
      // calculated shipping, after the shared flat one: ?state=…; answers its id.
      .post('/__control/calculated-shipping', (c) => {
        const id = `62${String(randomInt(1e8)).padStart(8, '0')}`
        inventoryOf(state.sell, c.req.query('state') ?? '').ownShipping.push(id)
        state.sell.calculatedShipping.add(id)
        return c.json({ id })
      })
      // One seller's eBay busy (429), down (503) or good again (null), whichever API: {"state", "status"}.
      .put('/__control/trouble', async (c) => {
        const { state: grant = '', status = null } = (await c.req.json().catch(() => ({}))) as {
          state?: string
          status?: 429 | 503 | null
        }
        const inventory = inventoryOf(state.sell, grant)
        if (status) inventory.trouble = status
        else delete inventory.trouble
        return c.json({ status })
      })
      // The seller's shipping policies are these alone (no shared one), each id as given: {"state", "ids": [...]}.
      .put('/__control/shipping-policies', async (c) => {
        const { state: grant = '', ids = [] } = (await c.req.json().catch(() => ({}))) as {
          state?: string
          ids?: string[]
        }
        const inventory = inventoryOf(state.sell, grant)
        inventory.ownShipping = ids
        inventory.ownShippingOnly = true
        return c.json({ ids })
      })
      // Every revision one seller's live listings received, in order (the benchmarks count them).
      .get('/__control/revisions', (c) =>
        c.json({ revisions: state.sell.revisions.get(c.req.query('state') ?? '') ?? [] }),
      )
      .get('/commerce/identity/v1/user/', (c) => {
        const scopes = bearer(c)?.scopes
        if (!scopes)
          return restError(
            c,
            401,
            1001,
            'Invalid access token. Check the value of the Authorization HTTP request header.',
          )
        if (!scopes.includes('https://api.ebay.com/oauth/api_scope/commerce.identity.readonly'))
          return restError(c, 403, 1100, 'Insufficient permissions to fulfill the request.')
        return c.json({
          userId: state.seller.userId,
          username: state.seller.username,
          accountType: 'INDIVIDUAL',
          registrationMarketplaceId: 'EBAY_US',
          status: 'CONFIRMED',
        })
      })
  )
}

/** The X-EBAY-SIGNATURE of a notification body: base64 JSON naming the key, with the ECDSA/SHA-1 signature. */
function signAsEbay(key: State['signingKey'], body: string): string {
  const signature = sign('sha1', Buffer.from(body), { key: key.privateKey, dsaEncoding: 'der' }).toString('base64')
  return Buffer.from(JSON.stringify({ alg: 'ecdsa', kid: key.kid, signature, digest: 'SHA1' })).toString('base64')
}

/** An order was made for the seller: eBay pushes it to their subscription, if any. */
function ordered(state: State, seller: string, order: FakeOrder): FakeOrder {
  state.notifications?.orderMade(seller, order)
  return order
}

function signingKey(): State['signingKey'] {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  return {
    kid: randomBytes(16).toString('hex'),
    privateKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  }
}

export function startFakeEbay(options: FakeEbayOptions = {}): Promise<FakeEbay> {
  const state: State = {
    clientId: options.clientId ?? `Snaplist-fake-SBX-${randomBytes(4).toString('hex')}`,
    clientSecret: options.clientSecret ?? `SBX-${randomBytes(12).toString('hex')}`,
    ruName: options.ruName ?? 'Snaplist_Tests-Snaplist-fake-SBX-abcdefg',
    acceptedUrl: options.acceptedUrl ?? 'https://snaplist.test/ebay-auth/success',
    declinedUrl: options.declinedUrl ?? 'https://snaplist.test/ebay-auth/cancel',
    seller: options.seller ?? { userId: 'eb4y-us3r-1d', username: 'ritas_vintage_finds' },
    codes: new Map(),
    tokens: createTokens(),
    grantOf: new Map(),
    grants: [],
    calls: [],
    appTokens: new Set(),
    sell: createSellState(),
    negotiation: createNegotiationState(),
    signingKey: signingKey(),
  }
  return listen(createFakeApp(state), options.port ?? 0, (url) => ({
    authUrl: `${url}/oauth2/authorize`,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    ruName: state.ruName,
    seller: state.seller,
    grants: state.grants,
    calls: state.calls,
    sell: state.sell,
    inventory: (seller: string) => inventoryOf(state.sell, seller),
    setPolicies: (policies: BusinessPolicyIds | null) => {
      state.sell.policies = policies
    },
    sellItem: (seller: string, sku: string, quantity?: number, shipping?: number) =>
      ordered(state, seller, sellItem(state.sell, seller, sku, quantity, new Date(), shipping)),
    // eBay refunds the buyer of a cancelled order, and of a return: a REFUND transaction each (ebay-finances.ts).
    cancelOrder: (seller: string, orderId: string, at?: Date) => {
      const order = cancelOrder(state.sell, seller, orderId, at)
      refundOrder(state.sell, orderId, Number(order.pricingSummary.total.value))
      return order
    },
    returnOrder: (seller: string, orderId: string, quantity?: number) => {
      const order = (state.sell.orders.get(seller) ?? []).find((held) => held.orderId === orderId)
      if (!order) throw new Error(`${seller} has no order ${orderId}`)
      const made = returnOrder(state.sell, seller, order, quantity)
      refundOrder(state.sell, orderId, made.refund)
      return made
    },
    seedLive: (seller: string, counts: SeedCounts) => seedLiveListings(state.sell, seller, url, counts),
    sellTradingItem: (seller: string, itemId: string, quantity?: number) =>
      ordered(state, seller, sellTradingItem(state.sell, seller, itemId, quantity)),
    negotiation: state.negotiation,
    watch: (listingId: string, count?: number) => addWatchers(state.negotiation, listingId, count),
    acceptOffer: (offerId: string) => {
      const order = acceptOffer(state.negotiation, state.sell, offerId)
      return ordered(state, state.negotiation.offers.get(offerId)!.seller, order)
    },
    expireOffer: (offerId: string) => expireOffer(state.negotiation, offerId),
    setMode: (mode: SellMode, slowMs?: number) => {
      state.sell.mode = mode
      if (slowMs !== undefined) state.sell.slowMs = slowMs
    },
    ...state.tokens.controls,
    expireAccessTokens: () => state.tokens.access.clear(),
    liveAccessTokens: () => [...state.tokens.access.keys()],
    signNotification: (body: string) => signAsEbay(state.signingKey, body),
    notifications: state.notifications!,
    consent: (authorizationUrl: string, choice: 'agree' | 'decline' = 'agree') =>
      followConsent(url, authorizationUrl, choice === 'agree' ? 'Agree' : 'Decline'),
  }))
}

// Run directly (node --import tsx tests/fakes/ebay.ts) for the browser tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeEbay({
    port: Number(process.env.FAKE_EBAY_PORT ?? 3299),
    clientId: process.env.FAKE_EBAY_CLIENT_ID ?? 'e2e-ebay-app-id',
    clientSecret: process.env.FAKE_EBAY_CLIENT_SECRET ?? 'e2e-ebay-cert-id',
    ruName: process.env.FAKE_EBAY_RU_NAME ?? 'e2e-ebay-runame',
    ...(process.env.FAKE_EBAY_ACCEPTED_URL ? { acceptedUrl: process.env.FAKE_EBAY_ACCEPTED_URL } : {}),
    ...(process.env.FAKE_EBAY_DECLINED_URL ? { declinedUrl: process.env.FAKE_EBAY_DECLINED_URL } : {}),
  })
  console.log(`fake eBay listening on ${fake.url}`)
}
