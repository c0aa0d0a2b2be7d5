// The addresses of a return from a marketplace: the callback's query as the marketplace sends it (?code=…&state=…, or
// ?error=access_denied), and the result the callback screen then takes the seller to the Dashboard with (/?etsy=success,
// /?etsy=error, /?ebay=connected; docs/product.md §2). The routes validate their search with these, so anything else is dropped.
import { PLATFORMS, type Platform } from '../../api/contract/marketplaces.ts'

const RESULTS = ['connected', 'success', 'error', 'canceled'] as const
export type MarketplaceResult = (typeof RESULTS)[number]
export type DashboardSearch = Partial<Record<Platform, MarketplaceResult>>

const isResult = (value: unknown): value is MarketplaceResult => RESULTS.includes(value as MarketplaceResult)

export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const valid: DashboardSearch = {}
  for (const platform of PLATFORMS) {
    const value = search[platform]
    if (isResult(value)) valid[platform] = value
  }
  return valid
}

export const isSuccess = (result: MarketplaceResult) => result === 'connected' || result === 'success'

export interface CallbackSearch {
  code?: string
  state?: string
  /** An RFC 6749 error code: access_denied when the seller chose Deny. */
  error?: string
}

export function callbackSearch(search: Record<string, unknown>): CallbackSearch {
  const valid: CallbackSearch = {}
  for (const name of ['code', 'state', 'error'] as const) {
    const value = search[name]
    // The router parses a numeric-looking value as a number; a code or state is text all the same.
    if (typeof value === 'string' || typeof value === 'number') valid[name] = String(value)
  }
  return valid
}

/** eBay's callback query: /ebay-success also carries isAuthSuccessful (docs/product.md §2). */
export interface EbayCallbackSearch extends CallbackSearch {
  isAuthSuccessful?: string
}

export function ebayCallbackSearch(search: Record<string, unknown>): EbayCallbackSearch {
  const valid: EbayCallbackSearch = callbackSearch(search)
  const flag = search.isAuthSuccessful
  if (typeof flag === 'string' || typeof flag === 'boolean') valid.isAuthSuccessful = String(flag)
  return valid
}
