// Shopify's OAuth authorization-code grant (shopify.dev, "authorization code grant"), the connect part of Shopify's
// wing: the store's install page with the scopes selling needs, the callback verified (its hmac, its shop, its age),
// and the code traded for the store's offline access token. Shopify's answers are translated into our errors; the
// secret, the code and the token never reach a reply or the log.
import * as v from 'valibot'
import { ShopifyAuthQuerySchema } from '../../contract/shopify/shopify-shop.ts'
import { badRequest, type AppError } from '../../errors.ts'
import type { MarketplaceConnect, MarketplaceProvider, TokenGrant } from '../marketplaces/connections.ts'
import { createShopifyAdmin } from './admin-api.ts'
import { providerCaller } from '../marketplaces/provider-call.ts'
import { verifiedCallback, type ShopifyCallback } from './callback-signature.ts'
import {
  shopifyAppRefused,
  shopifyBusy,
  shopifyCallbackRefused,
  shopifyGrantRefused,
  retryAfterOf,
  shopifyUnavailable,
  shopifyUnreachable,
} from './errors.ts'
import { storeOrigin } from './store-address.ts'

// What selling needs: products made, revised, ended and deleted (write_products), their quantities set
// (write_inventory), the store's location to stock them at (read_locations), sales read (read_orders), and the product
// put on the Online Store (write_publications: publishablePublish, since a product the API makes is on no channel).
export const SHOPIFY_SCOPES = [
  'read_products',
  'write_products',
  'read_inventory',
  'write_inventory',
  'read_locations',
  'read_orders',
  'write_publications',
] as const

const DEFAULT_TIMEOUT_MS = 15_000

export interface ShopifyConnectConfig {
  clientId: string
  clientSecret: string
  redirectUri: string
  apiUrl?: string | undefined
  timeoutMs?: number
}

const TokenReplySchema = v.object({ access_token: v.pipe(v.string(), v.nonEmpty()), scope: v.string() })
const ErrorReplySchema = v.object({ error: v.optional(v.string()), error_description: v.optional(v.string()) })

async function translateRefusal(response: Response, _kind: 'token', what: string): Promise<AppError> {
  const parsed = v.safeParse(ErrorReplySchema, await response.json().catch(() => ({})))
  const { error = '', error_description: description = '' } = parsed.success ? parsed.output : {}
  console.error(
    `[shopify] ${what} answered HTTP ${response.status} ${error}${description ? `: ${description.slice(0, 200)}` : ''}`,
  )
  if (response.status === 429) return shopifyBusy(retryAfterOf(response))
  if (response.status >= 500) return shopifyUnavailable()
  if (error === 'invalid_client') return shopifyAppRefused()
  return response.status === 400 ? shopifyGrantRefused() : shopifyUnavailable()
}

export interface ShopifyOAuth {
  /** The store's install page, asking for SHOPIFY_SCOPES; `shop` is a validated myshopify domain. */
  authorizationUrl(request: { shop: string; state: string }): string
  /** The callback's query when Shopify signed it for this app; else shopify_callback_refused. */
  verifyCallback(query: Record<string, string>): ShopifyCallback
  /** The code traded for the store's offline token (it does not expire; uninstalling the app ends it). */
  exchangeCode(request: { shop: string; code: string }): Promise<TokenGrant>
}

export function createShopifyOAuth(config: ShopifyConnectConfig, fetcher: typeof fetch = fetch): ShopifyOAuth {
  const call = providerCaller<'token'>({
    name: 'shopify',
    fetcher,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    unreachable: shopifyUnreachable,
    unavailable: shopifyUnavailable,
    translateRefusal,
  })
  return {
    authorizationUrl({ shop, state }) {
      const query = new URLSearchParams({
        client_id: config.clientId,
        scope: SHOPIFY_SCOPES.join(','),
        redirect_uri: config.redirectUri,
        state,
      })
      return `${storeOrigin(shop, config.apiUrl)}/admin/oauth/authorize?${query}`
    },

    verifyCallback(query) {
      const verified = verifiedCallback(query, config.clientSecret)
      if ('callback' in verified) return verified.callback
      console.error(`[shopify] a callback was refused: ${verified.refusal}`)
      throw shopifyCallbackRefused()
    },

    async exchangeCode({ shop, code }) {
      const reply = await call(
        'token',
        'the code exchange',
        `${storeOrigin(shop, config.apiUrl)}/admin/oauth/access_token`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ client_id: config.clientId, client_secret: config.clientSecret, code }),
        },
        TokenReplySchema,
      )
      return {
        accessToken: reply.access_token,
        refreshToken: null,
        expiresAt: null,
        refreshExpiresAt: null,
        scopes: reply.scope.split(',').filter(Boolean),
      }
    },
  }
}

const SHOP_NAME = `query SnaplistShopName { shop { name } }`
const ShopNameSchema = v.object({ shop: v.object({ name: v.string() }) })

/** Shopify's connect part as every marketplace's: the seller's store named at the start, its callback verified by the route. */
export interface ShopifyProvider extends MarketplaceProvider {
  verifyCallback: ShopifyOAuth['verifyCallback']
}

export function createShopifyProvider(
  settings: ShopifyConnectConfig & { apiVersion: string },
  fetcher: typeof fetch = fetch,
): ShopifyProvider {
  const oauth = createShopifyOAuth(settings, fetcher)
  const admin = createShopifyAdmin(settings, fetcher)
  const storeNamed = (store: string | null | undefined) => {
    if (!store) throw shopifyCallbackRefused()
    return store
  }
  return {
    platform: 'shopify',
    redirectUri: settings.redirectUri,
    usesPkce: false,
    storeOf(query) {
      const parsed = v.safeParse(ShopifyAuthQuerySchema, { shop: query.shop })
      if (!parsed.success) throw badRequest(parsed.issues[0].message)
      return parsed.output.shop
    },
    authorizationUrl: ({ state, store }) => oauth.authorizationUrl({ shop: storeNamed(store), state }),
    verifyCallback: oauth.verifyCallback,
    exchangeCode: ({ code, store }) => oauth.exchangeCode({ shop: storeNamed(store), code }),
    // An offline token does not expire and has nothing to refresh it with: the grant ends when the app is uninstalled.
    refresh: () => Promise.reject(shopifyGrantRefused()),
    /** The store's myshopify domain is its id (webhooks name it); its name is what the seller reads. */
    async identify(accessToken, store) {
      const shop = storeNamed(store)
      const { shop: named } = await admin.request(
        { shop, accessToken },
        { what: 'shopName', document: SHOP_NAME, schema: ShopNameSchema },
      )
      return { accountId: shop, accountName: named.name }
    },
  }
}

/** Shopify's connect part: its provider once SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET are set. */
export const shopifyConnect: MarketplaceConnect = {
  provider: ({ shopify }) => (shopify ? createShopifyProvider(shopify) : undefined),
}
