// A stand-in for Etsy's OAuth 2.0 (PKCE) and the Open API v3 calls Snaplist makes, refusing what Etsy refuses: a
// consent page that sends the browser back with a code (Allow access) or access_denied (Deny); the token endpoint,
// which checks the PKCE verifier, the redirect URI and the client, spends each code once and rotates refresh tokens;
// getMe and getShop, which want a live Bearer token and the right x-api-key; and the shop and listing operations
// (etsy-listings.ts), each checked against Etsy's contract and the token's scopes (etsy-gate.ts). /__control makes
// Etsy busy, down, slow, or lose a reply.
import { Hono, type Context } from 'hono'
import { createHash, randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { createEtsyContract, etsyScopes } from './etsy-contracts.ts'
import { createGate, newControl, type EtsyControl } from './etsy-gate.ts'
import { etsyListingRoutes } from './etsy-listings.ts'
import { etsyPaymentRoutes, shipReceipt } from './etsy-payments.ts'
import { cancelReceipt, etsyReceiptRoutes, refundReceipt, sellOnEtsy, type FakeEtsyReceipt } from './etsy-receipts.ts'
import { createWebhookSender, type WebhookDelivery, type WebhookEndpoint } from './etsy-webhooks.ts'
import { newShop, type FakeEtsyListing, type FakeEtsyShop } from './etsy-shop.ts'
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

export interface FakeEtsyOptions {
  port?: number
  /** The app's keystring; a random one when not given. */
  clientId?: string
  /** When set, API calls need x-api-key "keystring:secret", as Etsy now asks of apps. */
  sharedSecret?: string
  /** The redirect URIs registered for the app; any when not given. */
  redirectUris?: string[]
  /** The seller who signs in on the consent page. */
  seller?: { userId: number; shopId: number | null; shopName: string }
  /** The app's webhook endpoint, as registered in Etsy's portal: each paid receipt is pushed there (etsy-webhooks.ts). */
  webhook?: WebhookEndpoint
}

export interface FakeEtsy extends TokenControls {
  url: string
  /** The consent page, for ETSY_AUTH_URL. */
  authUrl: string
  clientId: string
  sharedSecret: string | undefined
  seller: Required<FakeEtsyOptions>['seller']
  /** Every token-endpoint request's grant type, in order. */
  grants: string[]
  /** Every API operation the app asked for (its operationId in Etsy's contract), in order. */
  calls: string[]
  /** Whether Etsy would still take this refresh token. */
  acceptsRefreshToken(token: string): boolean
  /** The seller's shop on Etsy: its profiles and listings, for a test to set up and look at. */
  shop: FakeEtsyShop
  /** A buyer buys `quantity` of this active Etsy listing: a paid receipt, the listing lowered (sold_out at 0). */
  sell(etsyListingId: number, quantity?: number, shipping?: number): FakeEtsyReceipt
  /** The seller ships the receipt's order: Etsy posts its payment (etsy-payments.ts). */
  ship(receiptId: number): void
  /** The order is cancelled: the receipt canceled, the buyer refunded, order.canceled pushed (issue 50). */
  cancelReceipt(receiptId: number): FakeEtsyReceipt
  /** The seller refunds `dollars` of the receipt (in part, or reaching the whole: fully refunded). */
  refundReceipt(receiptId: number, dollars: number): FakeEtsyReceipt
  /** Registers the app's webhook endpoint (undefined: none), as in Etsy's portal. */
  registerWebhook(endpoint: WebhookEndpoint | undefined): void
  /** Every order.paid pushed to the endpoint, with each attempt's status. */
  webhookDeliveries: WebhookDelivery[]
  /** Failures to make: busy (429), down (5xx), slow, or a reply lost after the work is done. */
  control: EtsyControl
  /** Plays the seller on the consent page: follows Allow access (or Deny) and returns where Etsy sends the browser. */
  consent(authorizationUrl: string, choice?: 'allow' | 'deny'): Promise<URL>
  close(): Promise<void>
}

// Etsy's scopes, as its contract lists them (securitySchemes.oauth2).
const ETSY_SCOPES = etsyScopes()

// Etsy's lifetimes: an access token works for an hour; a code is meant to be used at once.
const ACCESS_TOKEN_SECONDS = 3600
const CODE_LIFETIME_MS = 5 * 60 * 1000

interface PendingConsent {
  redirectUri: string
  state: string
  codeChallenge: string
  scopes: string[]
}

interface IssuedCode extends PendingConsent {
  issuedAt: number
  used: boolean
}

interface State {
  clientId: string
  sharedSecret: string | undefined
  redirectUris: string[] | undefined
  seller: Required<FakeEtsyOptions>['seller']
  codes: Map<string, IssuedCode>
  /** Access tokens with their expiry; refresh tokens (each works once). */
  tokens: ReturnType<typeof createTokens<number, true>>
  /** The scopes each access and refresh token carries: those of the consent it came from. */
  scopes: Map<string, string[]>
  grants: string[]
  calls: string[]
  shop: FakeEtsyShop
  control: EtsyControl
  /** Where the stand-in answers, once listening (the webhook's resource_url names it). */
  origin: string
  webhooks: ReturnType<typeof createWebhookSender>
}

/** A buyer buys from the listing: the receipt, and its order.paid pushed to the app when it registered an endpoint. */
function sell(state: State, listing: FakeEtsyListing, quantity: number, at: number, shipping: number) {
  const receipt = sellOnEtsy(state.shop, listing, quantity, at, shipping)
  state.webhooks.paid(state.seller.shopId, receipt.receipt_id)
  return receipt
}

/** Etsy's tokens carry the user id before the dot. */
const token = (userId: number) => `${userId}.${randomBytes(24).toString('base64url')}`

function consentProblem(state: State, query: Record<string, string>): string | undefined {
  if (query.response_type !== 'code') return 'response_type must be code'
  if (query.client_id !== state.clientId) return 'client_id is not a known app keystring'
  if (!query.redirect_uri || (state.redirectUris && !state.redirectUris.includes(query.redirect_uri)))
    return 'redirect_uri does not match a registered redirect URI'
  const scopes = (query.scope ?? '').split(' ')
  if (scopes.some((scope) => !ETSY_SCOPES.includes(scope))) return `scope contains an unknown scope: ${query.scope}`
  if (!query.state) return 'state is required'
  if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge ?? ''))
    return 'code_challenge must be a base64url SHA-256 (43 characters)'
  if (query.code_challenge_method !== 'S256') return 'code_challenge_method must be S256'
  return undefined
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

function createFakeApp(state: State) {
  const { now, access: accessTokens, refresh: refreshTokens } = state.tokens
  const apiKeyProblem = (c: Context): Response | undefined => {
    const expected = state.sharedSecret ? `${state.clientId}:${state.sharedSecret}` : state.clientId
    const sent = c.req.header('x-api-key')
    if (sent === expected) return undefined
    if (state.sharedSecret && sent === state.clientId)
      return c.json({ error: 'Shared secret is required in x-api-key header' }, 403)
    return c.json({ error: 'Invalid API key' }, 403)
  }

  function issueTokens(c: Context, scopes: string[]) {
    const access = token(state.seller.userId)
    const refresh = token(state.seller.userId)
    accessTokens.set(access, now() + ACCESS_TOKEN_SECONDS * 1000)
    refreshTokens.set(refresh, true)
    state.scopes.set(access, scopes).set(refresh, scopes)
    return c.json({
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refresh,
    })
  }

  function exchangeCode(c: Context, form: Record<string, string>) {
    const issued = state.codes.get(form.code ?? '')
    if (!issued) return oauthError(c, 400, 'invalid_grant', 'code is invalid')
    if (issued.used) return oauthError(c, 400, 'invalid_grant', 'code has already been used')
    issued.used = true
    if (now() - issued.issuedAt > CODE_LIFETIME_MS) return oauthError(c, 400, 'invalid_grant', 'code has expired')
    if (form.redirect_uri !== issued.redirectUri)
      return oauthError(c, 400, 'invalid_grant', 'redirect_uri does not match the authorization request')
    if (!form.code_verifier || challengeOf(form.code_verifier) !== issued.codeChallenge)
      return oauthError(c, 400, 'invalid_grant', 'code_verifier is invalid')
    return issueTokens(c, issued.scopes)
  }

  function refresh(c: Context, form: Record<string, string>) {
    // Rotation: a refresh token works once; the reply carries its successor.
    if (!refreshTokens.delete(form.refresh_token ?? ''))
      return oauthError(c, 400, 'invalid_grant', 'refresh_token is invalid')
    return issueTokens(c, state.scopes.get(form.refresh_token!) ?? [])
  }

  const bearer = (c: Context) => {
    const expiry = accessTokens.get(presentedToken(c))
    return expiry !== undefined && expiry > now()
  }

  const operation = createGate({
    contract: createEtsyContract(),
    control: state.control,
    apiKeyProblem,
    scopesOf: (c) => (bearer(c) ? state.scopes.get(presentedToken(c)) : undefined),
    calls: state.calls,
  })

  return (
    new Hono()
      .route('/', etsyListingRoutes({ operation, shop: state.shop, seller: () => state.seller, now }))
      .route('/', etsyReceiptRoutes({ operation, shop: state.shop, seller: () => state.seller }))
      .route('/', etsyPaymentRoutes({ operation, shop: state.shop, seller: () => state.seller }))
      // What the shop holds under a SKU or a title, for a browser test to look at.
      .get('/__control/listings', (c) => {
        const { sku, title } = c.req.query()
        const held = [...state.shop.listings.values()]
        return c.json({ listings: held.filter((listing) => listing.sku === sku || listing.title === title) })
      })
      // A buyer buys: {"sku": "snaplist-12", "quantity": 1} sells from the active listing with that SKU.
      .post('/__control/sell', async (c) => {
        const asked = (await c.req.json().catch(() => ({}))) as { sku?: string; quantity?: number; shipping?: number }
        const listing = [...state.shop.listings.values()].find(
          (held) => held.sku === asked.sku && held.state === 'active',
        )
        if (!listing) return c.json({ error: `no active listing with sku ${asked.sku}` }, 404)
        return c.json(sell(state, listing, asked.quantity ?? 1, now(), asked.shipping ?? 0))
      })
      // The seller ships a receipt's order: {"receiptId"}. Etsy posts its payment, and its fees are final.
      .post('/__control/ship', async (c) => {
        const { receiptId = 0 } = (await c.req.json().catch(() => ({}))) as { receiptId?: number }
        shipReceipt(state.shop, receiptId)
        return c.json({ ok: true })
      })
      // The order is cancelled, or refunded in part: {"receiptId"} or {"receiptId", "refund": dollars}.
      .post('/__control/cancel', async (c) => {
        const { receiptId = 0, refund } = (await c.req.json().catch(() => ({}))) as {
          receiptId?: number
          refund?: number
        }
        if (refund !== undefined) return c.json(refundReceipt(state.shop, receiptId, refund, now()))
        const receipt = cancelReceipt(state.shop, receiptId, now())
        state.webhooks.canceled(state.seller.shopId, receiptId)
        return c.json(receipt)
      })
      // {"fail": {"status": 429, "times": 1, "retryAfter": 7}}, {"slowMs": 3000}, {"loseReply": "createDraftListing"}.
      .put('/__control', async (c) => {
        const asked = (await c.req.json().catch(() => ({}))) as Partial<EtsyControl> & { loseReply?: string }
        if (asked.fail !== undefined) state.control.fail = asked.fail
        if (asked.slowMs !== undefined) state.control.slowMs = asked.slowMs
        if (asked.loseReply) state.control.loseReply.set(asked.loseReply, 1)
        return c.json({ ok: true })
      })
      .route(
        '/',
        consentRoutes<PendingConsent>({
          page: {
            provider: 'Etsy',
            question: 'Allow Snaplist to access your Etsy account?',
            decidePath: '/oauth/decide',
            choices: [
              { choice: 'allow', label: 'Allow access' },
              { choice: 'deny', label: 'Deny' },
            ],
          },
          authorizePath: '/oauth/connect',
          problem: (query) => consentProblem(state, query),
          pending: (query) => ({
            redirectUri: query.redirect_uri!,
            state: query.state!,
            codeChallenge: query.code_challenge!,
            scopes: query.scope!.split(' '),
          }),
          granted: (consent) => {
            const code = randomBytes(24).toString('base64url')
            state.codes.set(code, { ...consent, issuedAt: now(), used: false })
            return backTo(consent.redirectUri, { code, state: consent.state })
          },
          denied: (consent) =>
            backTo(consent.redirectUri, {
              error: 'access_denied',
              error_description: 'The user denied the request',
              state: consent.state,
            }),
        }),
      )
      .post('/v3/public/oauth/token', async (c) => {
        if (!c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded')) {
          return oauthError(c, 400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded')
        }
        // The token endpoint takes the bare keystring as client_id; an x-api-key, when sent, must be the app's.
        if (c.req.header('x-api-key') !== undefined && apiKeyProblem(c)) return apiKeyProblem(c)
        const form = Object.fromEntries(new URLSearchParams(await c.req.text()))
        state.grants.push(form.grant_type ?? '')
        if (form.client_id !== state.clientId)
          return oauthError(c, 401, 'invalid_client', 'client_id is not a known app keystring')
        if (form.grant_type === 'authorization_code') return exchangeCode(c, form)
        if (form.grant_type === 'refresh_token') return refresh(c, form)
        return oauthError(
          c,
          400,
          'unsupported_grant_type',
          `grant_type ${form.grant_type ?? '(none)'} is not supported`,
        )
      })
      .get('/v3/application/users/me', (c) => {
        const refused = apiKeyProblem(c)
        if (refused) return refused
        if (!bearer(c)) return c.json({ error: 'invalid_token' }, 401)
        return c.json({
          user_id: state.seller.userId,
          ...(state.seller.shopId === null ? {} : { shop_id: state.seller.shopId }),
        })
      })
      .get('/v3/application/shops/:shopId', (c) => {
        const refused = apiKeyProblem(c)
        if (refused) return refused
        if (!bearer(c)) return c.json({ error: 'invalid_token' }, 401)
        if (Number(c.req.param('shopId')) !== state.seller.shopId) return c.json({ error: 'Shop not found' }, 404)
        return c.json({
          shop_id: state.seller.shopId,
          shop_name: state.seller.shopName,
          user_id: state.seller.userId,
          currency_code: 'USD',
        })
      })
  )
}

export function startFakeEtsy(options: FakeEtsyOptions = {}): Promise<FakeEtsy> {
  const state: State = {
    clientId: options.clientId ?? `fake-keystring-${randomBytes(6).toString('hex')}`,
    sharedSecret: options.sharedSecret,
    redirectUris: options.redirectUris,
    seller: options.seller ?? { userId: 12345678, shopId: 87654321, shopName: 'RitasVintageFinds' },
    codes: new Map(),
    tokens: createTokens(),
    scopes: new Map(),
    grants: [],
    calls: [],
    shop: newShop(),
    control: newControl(),
    origin: '',
    webhooks: createWebhookSender(() => state.origin),
  }
  state.webhooks.register(options.webhook)
  return listen(createFakeApp(state), options.port ?? 0, (url) => {
    state.origin = url
    return {
      authUrl: `${url}/oauth/connect`,
      clientId: state.clientId,
      sharedSecret: state.sharedSecret,
      seller: state.seller,
      grants: state.grants,
      calls: state.calls,
      shop: state.shop,
      sell: (etsyListingId: number, quantity = 1, shipping = 0) => {
        const listing = state.shop.listings.get(etsyListingId)
        if (!listing) throw new Error(`no Etsy listing ${etsyListingId}`)
        return sell(state, listing, quantity, state.tokens.now(), shipping)
      },
      ship: (receiptId: number) => shipReceipt(state.shop, receiptId),
      cancelReceipt: (receiptId: number) => {
        const receipt = cancelReceipt(state.shop, receiptId, state.tokens.now())
        state.webhooks.canceled(state.seller.shopId, receiptId)
        return receipt
      },
      refundReceipt: (receiptId: number, dollars: number) =>
        refundReceipt(state.shop, receiptId, dollars, state.tokens.now()),
      registerWebhook: state.webhooks.register,
      webhookDeliveries: state.webhooks.deliveries,
      control: state.control,
      ...state.tokens.controls,
      acceptsRefreshToken: (refreshToken: string) => state.tokens.refresh.has(refreshToken),
      consent: (authorizationUrl: string, choice: 'allow' | 'deny' = 'allow') =>
        followConsent(url, authorizationUrl, choice === 'allow' ? 'Allow access' : 'Deny'),
    }
  })
}

// Run directly (node --import tsx tests/fakes/etsy.ts) for the browser tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeEtsy({
    port: Number(process.env.FAKE_ETSY_PORT ?? 3298),
    clientId: process.env.FAKE_ETSY_CLIENT_ID ?? 'e2e-etsy-keystring',
    sharedSecret: process.env.FAKE_ETSY_SHARED_SECRET || undefined,
    redirectUris: process.env.FAKE_ETSY_REDIRECT_URI ? [process.env.FAKE_ETSY_REDIRECT_URI] : undefined,
  })
  console.log(`fake Etsy listening on ${fake.url}`)
}
