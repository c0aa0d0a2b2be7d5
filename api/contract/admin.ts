// What the Admin Dashboard reads: every user, and every listing a page at a time (?page=N, 20 a page).
import * as v from 'valibot'
import type { Listing } from './listing.ts'
import type { User } from './user.ts'

export const ADMIN_PAGE_SIZE = 20
/** What the API answers and the admin screens show to a signed-in user who is not an admin (docs/product.md §2). */
export const ACCESS_DENIED_MESSAGE = 'Access denied. Admin privileges required.'
const MAX_PAGE = 1_000_000

/** A page number as the query string or the router's search parsing brings it: "2" or 2. */
export const pageSchema = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty('page must be a whole number from 1'))],
    'page must be a whole number from 1',
  ),
  v.transform(Number),
  v.integer('page must be a whole number from 1'),
  v.minValue(1, 'page must be a whole number from 1'),
  v.maxValue(MAX_PAGE, `page must be at most ${MAX_PAGE}`),
)

export const AdminListingsQuerySchema = v.object({ page: v.optional(pageSchema, 1) })
/** GET /api/admin/listings: how many listings there are on all pages. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count'

/** A user as the admin's list shows them: with when they joined. */
export interface AdminUser extends User {
  createdAt: string
}

/**
 * The listing's own fields a row of the admin's list shows (docs/product.md §6): its id and title, and its price as the
 * seller's Dashboard shows it (listedPrice reads all three). Nothing of the seller's books (SELLER_ONLY_FIELDS) or
 * anything else the screen does not show leaves the server (issue 46 G6).
 */
export const ADMIN_LISTING_FIELDS = [
  'id',
  'title',
  'price',
  'askingPrice',
  'medianUsedPrice',
] as const satisfies readonly (keyof Listing)[]

/** A listing as the admin sees it: its first photo (null: none) and the owner's username, so a delete is no guess. */
export type AdminListing = Pick<Listing, (typeof ADMIN_LISTING_FIELDS)[number]> & {
  photo: string | null
  ownerUsername: string
}
