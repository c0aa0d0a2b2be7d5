// Etsy Open API v3 as a marketplace provider (integration-notes §B): OAuth 2.0 authorization code with PKCE (S256),
// the token endpoint for codes and refresh tokens (which Etsy rotates), and getMe + getShop to find the seller's shop.
// Etsy's answers are translated into our errors; tokens and Etsy's payloads never reach a reply or the log. Etsy's
// wing's connect part (etsyConnect, read through services/marketplace-modules.ts).
import * as v from 'valibot'
import type { AppError } from '../../errors.ts'
import {
  ETSY_API_URL,
  etsyApiKey,
  etsyAppRefused,
  etsyBusy,
  etsyUnavailable,
  etsyUnreachable,
  retryAfterOf,
} from './errors.ts'
import {
  GrantRefused,
  type MarketplaceAccount,
  type MarketplaceConnect,
  type MarketplaceProvider,
  type TokenGrant,
} from '../marketplaces/connections.ts'
import { providerCaller } from '../marketplaces/provider-call.ts'

export interface EtsyConfig {
  /** The app's keystring (client_id). */
  clientId: string
  /** When set, x-api-key is "keystring:shared secret", as Etsy now requires of some apps. */
  sharedSecret?: string | undefined
  redirectUri: string
  /** The consent page; Etsy's unless a test points it at a stand-in. */
  authUrl?: string | undefined
  /** The API's origin; Etsy's unless a test points it at a stand-in. */
  apiUrl?: string | undefined
  timeoutMs?: number
}

const ETSY_AUTH_URL = 'https://www.etsy.com/oauth/connect'
// What selling needs (docs/decisions/0031): create and update listings (listings_w), read them back and find a draft
// left by a crash (listings_r), read the shop and its profiles (shops_r, which also covers getMe), read its sales
// (transactions_r). Connections made before transactions_r was asked for lack it: the seller connects again.
export const ETSY_SCOPES = ['listings_r', 'listings_w', 'shops_r', 'transactions_r'] as const
// "The refresh token has a longer functional lifetime (90 days)", counted from each refresh that issues a new one.
const REFRESH_TOKEN_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000
const DEFAULT_TIMEOUT_MS = 15_000

const TokenReplySchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  refresh_token: v.optional(v.pipe(v.string(), v.nonEmpty())),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
})
const MeReplySchema = v.object({ user_id: v.number(), shop_id: v.nullish(v.number()) })
const ShopReplySchema = v.object({ shop_id: v.number(), shop_name: v.string() })
const ErrorReplySchema = v.object({ error: v.optional(v.string()), error_description: v.optional(v.string()) })

const codeRefused = () =>
  new GrantRefused(
    'etsy',
    'Etsy did not accept this authorization: it has expired or was already used. Connect Etsy again from the Dashboard.',
  )
const tokenRefused = () =>
  new GrantRefused(
    'etsy',
    'Etsy no longer accepts this connection (it was revoked or has expired). Connect Etsy again from the Dashboard.',
  )

type Call = 'token' | 'api'

/** Our error for an Etsy answer that is not 2xx; what Etsy said goes to the log, without anything secret. */
async function translateRefusal(response: Response, call: Call, what: string): Promise<AppError> {
  const parsed = v.safeParse(ErrorReplySchema, await response.json().catch(() => ({})))
  const { error = '', error_description: description = '' } = parsed.success ? parsed.output : {}
  console.error(
    `[etsy] ${what} answered HTTP ${response.status}${error ? ` ${error}` : ''}${description ? `: ${description.slice(0, 200)}` : ''}`,
  )
  if (response.status === 429) return etsyBusy(retryAfterOf(response))
  if (response.status >= 500) return etsyUnavailable()
  if (response.status === 403 || error === 'invalid_client' || error === 'unauthorized_client') return etsyAppRefused()
  if (call === 'token') return error === 'invalid_grant' ? codeRefused() : etsyUnavailable()
  return response.status === 401 ? tokenRefused() : etsyUnavailable()
}

export function createEtsyProvider(config: EtsyConfig, fetcher: typeof fetch = fetch): MarketplaceProvider {
  const apiUrl = (config.apiUrl ?? ETSY_API_URL).replace(/\/+$/, '')
  const apiKey = etsyApiKey(config)
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS

  const callEtsy = providerCaller<Call>({
    name: 'etsy',
    fetcher,
    timeoutMs,
    unreachable: etsyUnreachable,
    unavailable: etsyUnavailable,
    translateRefusal,
  })
  const call = <S extends v.GenericSchema>(kind: Call, what: string, path: string, init: RequestInit, schema: S) =>
    callEtsy(
      kind,
      what,
      `${apiUrl}${path}`,
      { ...init, headers: { accept: 'application/json', 'x-api-key': apiKey, ...init.headers } },
      schema,
    )

  /** Both grants go to the token endpoint as a form; the client_id there is the bare keystring. */
  async function requestTokens(what: string, form: Record<string, string>): Promise<TokenGrant> {
    const body = new URLSearchParams({ ...form, client_id: config.clientId })
    const reply = await call('token', what, '/v3/public/oauth/token', { method: 'POST', body }, TokenReplySchema)
    const now = Date.now()
    return {
      accessToken: reply.access_token,
      refreshToken: reply.refresh_token ?? null,
      expiresAt: new Date(now + reply.expires_in * 1000),
      refreshExpiresAt: reply.refresh_token ? new Date(now + REFRESH_TOKEN_DAYS * DAY_MS) : null,
      // Etsy's consent page grants all the scopes asked for or none.
      scopes: ETSY_SCOPES,
    }
  }

  const authorized = (accessToken: string): RequestInit => ({ headers: { authorization: `Bearer ${accessToken}` } })

  return {
    platform: 'etsy',
    redirectUri: config.redirectUri,
    usesPkce: true,

    authorizationUrl({ state, codeChallenge }) {
      const params = {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        scope: ETSY_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge ?? '',
        code_challenge_method: 'S256',
      }
      // Percent-encoded (a space as %20, as Etsy's documentation shows), not form-encoded (a space as +).
      const query = Object.entries(params)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&')
      return `${config.authUrl ?? ETSY_AUTH_URL}?${query}`
    },

    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      requestTokens('the code exchange', {
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier ?? '',
      }),

    refresh: (refreshToken) =>
      requestTokens('the token refresh', { grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** getMe names the user and, when they have one, their shop; getShop gives the shop's name. */
    async identify(accessToken): Promise<MarketplaceAccount> {
      const me = await call('api', 'getMe', '/v3/application/users/me', authorized(accessToken), MeReplySchema)
      if (me.shop_id === null || me.shop_id === undefined) return { accountId: null, accountName: null }
      const shop = await call(
        'api',
        'getShop',
        `/v3/application/shops/${me.shop_id}`,
        authorized(accessToken),
        ShopReplySchema,
      )
      return { accountId: String(shop.shop_id), accountName: shop.shop_name }
    },
  }
}

/** Etsy's connect part: its provider once ETSY_CLIENT_ID and ETSY_REDIRECT_URI are set. */
export const etsyConnect: MarketplaceConnect = {
  provider: ({ etsy }) => (etsy ? createEtsyProvider(etsy) : undefined),
}
