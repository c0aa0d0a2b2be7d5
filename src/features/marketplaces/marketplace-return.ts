// The addresses of a return from a marketplace: the callback's query as the marketplace sends it (?code=…&state=…, or
// ?error=access_denied), and the result the callback screen then takes the seller to the Dashboard with
// (/?<marketplace>=success, =error, =connected; docs/product.md §2). The routes validate their search with these, so anything else is dropped.
import {
  MARKETPLACE_RESULTS,
  PLATFORMS,
  type MarketplaceResult,
  type Platform,
} from '../../../api/contract/marketplace-paths.ts'
import type { CallbackSearch } from '../../marketplaces/client-marketplace.ts'

export type DashboardSearch = Partial<Record<Platform, MarketplaceResult>>

const isResult = (value: unknown): value is MarketplaceResult =>
  MARKETPLACE_RESULTS.includes(value as MarketplaceResult)

export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const valid: DashboardSearch = {}
  for (const platform of PLATFORMS) {
    const value = search[platform]
    if (isResult(value)) valid[platform] = value
  }
  return valid
}

export const isSuccess = (result: MarketplaceResult) => result === 'connected' || result === 'success'

export function callbackSearch(search: Record<string, unknown>): CallbackSearch {
  const valid: CallbackSearch = {}
  for (const name of ['code', 'state', 'error'] as const) {
    const value = search[name]
    // The router parses a numeric-looking value as a number; a code or state is text all the same.
    if (typeof value === 'string' || typeof value === 'number') valid[name] = String(value)
  }
  // A success path may also say isAuthSuccessful.
  const flag = search.isAuthSuccessful
  if (typeof flag === 'string' || typeof flag === 'boolean') valid.isAuthSuccessful = String(flag)
  return valid
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The marketplace a callback or manual route belongs to (src/router.tsx sets it from the descriptions). */
    platform?: Platform
  }
}
