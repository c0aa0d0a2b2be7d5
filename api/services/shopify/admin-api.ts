// Calls to a store's Admin GraphQL API on the seller's behalf, through Shopify's own client (@shopify/admin-api-client),
// its requests sent by our fetcher within a time limit (and to the stand-in when SHOPIFY_API_URL is set). Shopify's
// answers become our errors: no answer unreachable, 429 or THROTTLED busy (with the seconds until the bucket holds the
// call again), 5xx unavailable, 401 the grant over (the app uninstalled), ACCESS_DENIED a scope missing, userErrors a
// refusal in Shopify's words (a stale changeFromQuantity its own), and a reply not in the shape asked for unavailable.
import { createAdminApiClient, type ClientResponse, type GraphQLError } from '@shopify/admin-api-client'
import * as v from 'valibot'
import type { AppError } from '../../errors.ts'
import {
  retryAfterOf,
  shopifyBusy,
  shopifyGrantRefused,
  shopifyQuantityChanged,
  ShopifyRefusal,
  shopifyReconnectNeeded,
  shopifyUnavailable,
  shopifyUnreachable,
} from './errors.ts'
import { storeOrigin } from './store-address.ts'

const DEFAULT_TIMEOUT_MS = 20_000

export interface ShopifyAdminConfig {
  apiVersion: string
  /** SHOPIFY_API_URL: every store reached there instead of https://{shop}. */
  apiUrl?: string | undefined
  timeoutMs?: number
}

/** One store, as the seller's connection holds it: its myshopify domain and offline token. */
export interface ShopifyStore {
  shop: string
  accessToken: string
}

export interface ShopifyOperation<Schema extends v.GenericSchema> {
  /** For the log: the operation's name, e.g. productSet. */
  what: string
  document: string
  variables?: Record<string, unknown>
  /** The reply's data as the document selects it. */
  schema: Schema
}

export interface ShopifyAdmin {
  /** Runs the operation; its data read with the operation's schema, or our error for whatever Shopify answered. */
  request<Schema extends v.GenericSchema>(
    store: ShopifyStore,
    operation: ShopifyOperation<Schema>,
  ): Promise<v.InferOutput<Schema>>
}

/** A mutation payload's userErrors, as every Shopify mutation has them. */
export const UserErrorsSchema = v.array(
  v.object({
    field: v.nullish(v.array(v.string())),
    message: v.string(),
    code: v.nullish(v.string()),
  }),
)

/** Throws the refusal when the payload has userErrors (a stale changeFromQuantity as its own error). */
export function refuseOnUserErrors(what: string, userErrors: v.InferOutput<typeof UserErrorsSchema>): void {
  if (!userErrors.length) return
  console.error(`[shopify] ${what} refused: ${userErrors.map((error) => error.code ?? error.message).join(', ')}`)
  if (userErrors.some((error) => error.code === 'CHANGE_FROM_QUANTITY_STALE')) throw shopifyQuantityChanged()
  throw new ShopifyRefusal(userErrors)
}

/** Seconds until the bucket holds the requested cost again, from Shopify's throttleStatus (1 at least). */
function throttledFor(answer: ClientResponse): number {
  const cost = answer.extensions?.cost
  const { currentlyAvailable = 0, restoreRate = 50 } = cost?.throttleStatus ?? {}
  const missing = (cost?.requestedQueryCost ?? restoreRate) - currentlyAvailable
  return Math.max(1, Math.ceil(missing / restoreRate))
}

/** Our error for an answer with errors: an HTTP failure, or GraphQL errors Shopify put in the body. */
function translate(answer: ClientResponse, what: string): AppError {
  const { networkStatusCode: status, graphQLErrors = [], response, message } = answer.errors!
  const codes = graphQLErrors.map((error: GraphQLError) => error.extensions?.code ?? error.message.slice(0, 80))
  console.error(`[shopify] ${what} answered ${status === undefined ? message : `HTTP ${status}`} ${codes.join(', ')}`)
  if (status === undefined) return shopifyUnreachable()
  if (status === 429) return shopifyBusy(response ? retryAfterOf(response) : 2)
  if (status >= 500) return shopifyUnavailable()
  if (status === 401) return shopifyGrantRefused()
  if (codes.includes('THROTTLED')) return shopifyBusy(throttledFor(answer))
  if (codes.includes('ACCESS_DENIED') || status === 403) return shopifyReconnectNeeded()
  return shopifyUnavailable()
}

export function createShopifyAdmin(config: ShopifyAdminConfig, fetcher: typeof fetch = fetch): ShopifyAdmin {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS

  return {
    async request(store, operation) {
      const client = createAdminApiClient({
        storeDomain: store.shop,
        apiVersion: config.apiVersion,
        accessToken: store.accessToken,
        // The client addresses https://{shop}; our fetcher sends it where the store is reached, within the time limit.
        customFetchApi: (url, init) =>
          fetcher(url.replace(`https://${store.shop}`, storeOrigin(store.shop, config.apiUrl)), {
            ...init,
            signal: AbortSignal.timeout(timeoutMs),
          }),
        logger: (log) => {
          if (log.type === 'HTTP-Response-GraphQL-Deprecation-Notice')
            console.warn(`[shopify] ${operation.what} is deprecated: ${log.content.deprecationNotice}`)
        },
      })
      const answer = await client.request(operation.document, { variables: operation.variables ?? {} })
      if (answer.errors) throw translate(answer, operation.what)
      const data = v.safeParse(operation.schema, answer.data)
      if (data.success) return data.output
      console.error(
        `[shopify] ${operation.what} answered in an unexpected shape: ${v.summarize(data.issues).slice(0, 300)}`,
      )
      throw shopifyUnavailable()
    },
  }
}
