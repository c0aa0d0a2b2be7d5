// eBay as a marketplace provider (integration-notes §A1): the user-consent grant whose redirect_uri is the RuName, the
// token endpoint with HTTP Basic (App ID : Cert ID) for codes and refresh tokens (eBay does not rotate refresh
// tokens), and Identity getUser on the apiz host for the seller's immutable user id and username. eBay's answers are
// translated into our errors; tokens and eBay's payloads never reach a reply or the log. eBay's wing's connect part
// (ebayConnect, read through services/marketplace-modules.ts); selling is the rest of the wing.
import * as v from 'valibot'
import { MARKETPLACES } from '../../contract/marketplace-descriptions.ts'
import type { EbayEnvironmentReport } from '../../contract/ebay/ebay-environment.ts'
import type { EbayConfig } from './ebay-env.ts'
import { forgetSellerSetup } from '../../db/ebay-seller-setup.ts'
import { AppError } from '../../errors.ts'
import { ebayBusy, ebayUnavailable, ebayUnreachable, missingCertId } from './errors.ts'
import { ebayBasicAuth, hostsOf } from './hosts.ts'
import { NOTIFICATION_SUBSCRIPTION_SCOPE } from './order-push.ts'
import {
  GrantRefused,
  TokenRejected,
  type MarketplaceAccount,
  type MarketplaceConnect,
  type MarketplaceProvider,
  type TokenGrant,
} from '../marketplaces/connections.ts'
import { providerCaller } from '../marketplaces/provider-call.ts'

// What connecting and publishing need: getUser (identity), the Inventory API, business policies (Account API); the
// base scope covers Taxonomy and the Media API.
const PUBLISHING_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
] as const
// Reading the seller's orders (Fulfillment getOrders) to learn of sales.
const SALES_SCOPES = [...PUBLISHING_SCOPES, 'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly'] as const
// Reading what each sale earned (Finances getTransactions: fees and shipping labels).
const EARNINGS_SCOPES = [...SALES_SCOPES, 'https://api.ebay.com/oauth/api_scope/sell.finances'] as const
// Subscribing to the seller's ORDER_CONFIRMATION push (services/ebay/order-push.ts).
export const EBAY_SCOPES = [...EARNINGS_SCOPES, NOTIFICATION_SUBSCRIPTION_SCOPE] as const
// What connecting asked for over time, newest first: a seller who connected before a scope was asked for keeps what
// they granted (a refresh asks for the newest set their grant has), and gets the rest once they connect again.
const SCOPES_ASKED_OVER_TIME = [EBAY_SCOPES, EARNINGS_SCOPES, SALES_SCOPES, PUBLISHING_SCOPES] as const

const DEFAULT_TIMEOUT_MS = 15_000

const TokenReplySchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
  refresh_token: v.optional(v.pipe(v.string(), v.nonEmpty())),
  refresh_token_expires_in: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})
const UserReplySchema = v.object({ userId: v.pipe(v.string(), v.nonEmpty()), username: v.optional(v.string()) })
const ErrorReplySchema = v.object({ error: v.optional(v.string()), error_description: v.optional(v.string()) })

const appRefused = () =>
  new AppError(
    502,
    'ebay_app_refused',
    "eBay refused this server's app credentials. The site operator needs to check EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME.",
  )
// docs/product.md §8: the callback page recognises 'invalid_grant' and 'invalid or has expired'.
const codeRefused = () =>
  new GrantRefused(
    'ebay',
    'eBay refused the code (invalid_grant): the authorization code is invalid or has expired. Codes last 5 minutes and work once; connect eBay again.',
  )
const refreshRefused = () =>
  new GrantRefused(
    'ebay',
    'eBay token expired: eBay no longer accepts this connection. Connect eBay again from the Dashboard.',
  )
const tokenRejected = () =>
  new TokenRejected('ebay', 'eBay authentication failed: eBay did not accept the access token.')

type Call = 'code' | 'refresh' | 'api'

/** A refresh asked for scopes the seller's grant does not have (it predates them). */
class ScopeRefused extends AppError {
  constructor() {
    super(502, 'ebay_unavailable', 'eBay refused the scopes asked for.')
  }
}

/** Our error for an eBay answer that is not 2xx; what eBay said goes to the log, without anything secret. */
async function translateRefusal(response: Response, call: Call, what: string): Promise<AppError> {
  const parsed = v.safeParse(ErrorReplySchema, await response.json().catch(() => ({})))
  const { error = '', error_description: description = '' } = parsed.success ? parsed.output : {}
  console.error(
    `[ebay] ${what} answered HTTP ${response.status}${error ? ` ${error}` : ''}${description ? `: ${description.slice(0, 200)}` : ''}`,
  )
  if (response.status === 429) return ebayBusy()
  if (response.status >= 500) return ebayUnavailable()
  if (error === 'invalid_client' || error === 'unauthorized_client') return appRefused()
  if (call === 'api') return response.status === 401 ? tokenRejected() : ebayUnavailable()
  if (error === 'invalid_scope' && call === 'refresh') return new ScopeRefused()
  if (error !== 'invalid_grant') return ebayUnavailable()
  return call === 'code' ? codeRefused() : refreshRefused()
}

export interface EbayProviderOptions {
  fetcher?: typeof fetch
  timeoutMs?: number
}

/** The eBay provider, or undefined while the App ID or RuName is missing (the Connect dialog then says what to set). */
export function createEbayProvider(
  config: EbayConfig,
  { fetcher = fetch, timeoutMs = DEFAULT_TIMEOUT_MS }: EbayProviderOptions = {},
): MarketplaceProvider | undefined {
  if (!config.clientId || !config.ruName) return undefined
  const { clientId, ruName }: { clientId: string; ruName: string } = {
    clientId: config.clientId,
    ruName: config.ruName,
  }
  const hosts = hostsOf(config)

  const callEbay = providerCaller<Call>({
    name: 'ebay',
    fetcher,
    timeoutMs,
    unreachable: ebayUnreachable,
    unavailable: ebayUnavailable,
    translateRefusal,
  })
  // Node's fetch sends Accept-Language: *, which eBay's Sell APIs reject: always say en-US.
  const call = <S extends v.GenericSchema>(kind: Call, what: string, url: string, init: RequestInit, schema: S) =>
    callEbay(
      kind,
      what,
      url,
      { ...init, headers: { accept: 'application/json', 'accept-language': 'en-US', ...init.headers } },
      schema,
    )

  async function requestTokens(kind: 'code' | 'refresh', form: Record<string, string>): Promise<TokenGrant> {
    const secret = config.clientSecret
    if (!secret) throw missingCertId()
    const init = {
      method: 'POST',
      headers: { authorization: ebayBasicAuth(clientId, secret) },
      body: new URLSearchParams(form),
    }
    const what = kind === 'code' ? 'the code exchange' : 'the token refresh'
    const reply = await call(kind, what, `${hosts.api}/identity/v1/oauth2/token`, init, TokenReplySchema)
    const now = Date.now()
    return {
      accessToken: reply.access_token,
      refreshToken: reply.refresh_token ?? null,
      expiresAt: new Date(now + reply.expires_in * 1000),
      refreshExpiresAt: reply.refresh_token_expires_in ? new Date(now + reply.refresh_token_expires_in * 1000) : null,
    }
  }

  // eBay refuses a refresh asking for more than the seller granted (invalid_scope): an older grant gets the scopes it has.
  const refreshAsking = (refreshToken: string, age: number): Promise<TokenGrant> =>
    requestTokens('refresh', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: SCOPES_ASKED_OVER_TIME[age]!.join(' '),
    }).catch((error: unknown) => {
      if (!(error instanceof ScopeRefused) || age + 1 === SCOPES_ASKED_OVER_TIME.length) throw error
      return refreshAsking(refreshToken, age + 1)
    })

  return {
    platform: 'ebay',
    redirectUri: ruName,
    usesPkce: false,

    authorizationUrl({ state }) {
      const params = {
        client_id: clientId,
        redirect_uri: ruName,
        response_type: 'code',
        scope: EBAY_SCOPES.join(' '),
        state,
      }
      const query = Object.entries(params)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('&')
      return `${hosts.auth}?${query}`
    },

    // The code arrives decoded exactly once (contract/marketplace-exchange.ts); URLSearchParams encodes it once for the form.
    // eBay's consent page grants every scope asked for or none: the grant holds EBAY_SCOPES.
    exchangeCode: async ({ code, redirectUri }) => ({
      ...(await requestTokens('code', { grant_type: 'authorization_code', code, redirect_uri: redirectUri })),
      scopes: EBAY_SCOPES,
    }),

    refresh: (refreshToken) => refreshAsking(refreshToken, 0),

    /** Identity getUser, on the apiz host (the api host answers 404); keyed by the immutable userId. */
    async identify(accessToken): Promise<MarketplaceAccount> {
      const user = await call(
        'api',
        'getUser',
        `${hosts.apiz}/commerce/identity/v1/user/`,
        { headers: { authorization: `Bearer ${accessToken}` } },
        UserReplySchema,
      )
      return { accountId: user.userId, accountName: user.username ?? null }
    },
  }
}

/** The debug report: each setting as present or not, never its value; the hosts are eBay's public ones or overrides. */
export function describeEbayEnvironment(config: EbayConfig | undefined): EbayEnvironmentReport {
  const hosts = hostsOf(config)
  const settings = {
    EBAY_CLIENT_ID: Boolean(config?.clientId),
    EBAY_CLIENT_SECRET: Boolean(config?.clientSecret),
    EBAY_RU_NAME: Boolean(config?.ruName),
    EBAY_VERIFICATION_TOKEN: Boolean(config?.verificationToken),
    EBAY_DELETION_ENDPOINT_URL: Boolean(config?.deletionEndpointUrl),
  }
  return {
    environment: config?.environment ?? null,
    configured: settings.EBAY_CLIENT_ID && settings.EBAY_RU_NAME && settings.EBAY_CLIENT_SECRET,
    settings,
    redirect: { ruNamePresent: settings.EBAY_RU_NAME, acceptedPaths: [...MARKETPLACES.ebay.successPaths] },
    authBase: new URL(hosts.auth).origin,
    apiBase: hosts.api,
    identityBase: hosts.apiz,
    deletionEndpointConfigured: settings.EBAY_VERIFICATION_TOKEN && settings.EBAY_DELETION_ENDPOINT_URL,
  }
}

/** eBay's connect part: its provider once the App ID and RuName are set, and its business policies and inventory
 * location forgotten on each new grant. */
export const ebayConnect: MarketplaceConnect = {
  provider: ({ ebay }) => (ebay ? createEbayProvider(ebay) : undefined),
  forgetAccount: forgetSellerSetup,
}
