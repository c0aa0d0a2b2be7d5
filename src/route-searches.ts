// What each route's address may say (its search), read from the address as typed: kept when valid, dropped otherwise,
// so a bad or stale link opens the screen in its plain state.
import * as v from 'valibot'
import { pageSchema } from '../api/contract/admin.ts'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface AdminSearch {
  /** All Users unless 'listings'. */
  tab?: 'listings'
  /** The All Listings page, from 2 (absent: 1). */
  page?: number
}

/** Keeps what is valid and not a default, so /admin stays /admin and a bad ?page= reads as page 1. */
export function adminSearch(search: Record<string, unknown>): AdminSearch {
  const page = v.safeParse(pageSchema, search.page)
  return {
    ...(search.tab === 'listings' ? { tab: 'listings' } : {}),
    ...(page.success && page.output > 1 ? { page: page.output } : {}),
  }
}

/** Which haul (docs/product.md §17) the screen is about. */
export const haulSearch = (search: Record<string, unknown>): { haul?: string } =>
  typeof search.haul === 'string' && UUID.test(search.haul) ? { haul: search.haul } : {}

/** The token of an emailed link (reset password, confirm email address), when there is one. */
export const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token ? { token: search.token } : {}
