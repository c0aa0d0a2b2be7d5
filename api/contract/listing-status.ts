// A listing's standing as the Dashboard reads it, apart from the listing's schema (listing.ts) so that the Dashboard's
// first load carries the words and rules, not every field's validator: where a sale was made and how it reads, a
// place on a marketplace, the status and where it is live.
import { MARKETPLACE_PATHS, namesInWords, PLATFORMS, SPEC_MARKETPLACE, type Platform } from './marketplace-paths.ts'

/** What the status rules read of a listing: SPEC's fields, and what the server derived from its places. */
interface Standing {
  platformStatus: string | null
  platformListingId: string | null
  status?: ListingStatus
  places?: ListingPlace[]
}

/** Where a sale was made: a marketplace Snaplist sells on, or elsewhere (recorded by the seller). */
export type SoldOn = Platform | 'elsewhere'

/** How the seller said a returned sale came back (docs/decisions/0070): sellable again, or not. */
export const RETURNED_AS = ['back-in-stock', 'damaged'] as const
export type ReturnedAs = (typeof RETURNED_AS)[number]
export const SOLD_ON_VALUES = [...PLATFORMS, 'elsewhere'] as const satisfies readonly SoldOn[]
export const SOLD_ON_LABELS = {
  ...(Object.fromEntries(PLATFORMS.map((platform) => [platform, MARKETPLACE_PATHS[platform].name])) as Record<
    Platform,
    string
  >),
  elsewhere: 'elsewhere',
} satisfies Record<SoldOn, string>

/** Marketplaces in the seller's words, by their names: "A and B". */
export const marketplacesInWords = (marketplaces: readonly SoldOn[]) =>
  namesInWords(marketplaces.map((marketplace) => SOLD_ON_LABELS[marketplace]))

/** What deleting a listing live on `marketplaces` says (decision 0023): it leaves now and ends there before it goes. */
export const beingEndedOn = (marketplaces: readonly SoldOn[]) =>
  `It is being ended on ${marketplacesInWords(marketplaces)} first.`

/** A sale as the seller finds it: the marketplace, and its order number there (for elsewhere, where it was sold). */
export interface SaleRef {
  marketplace: SoldOn
  orderId: string
}

/** A sale in the seller's words: the marketplace's name, what it calls an order and its number; "a sale at Poshmark". */
export const saleLabel = ({ marketplace, orderId }: SaleRef) =>
  marketplace === 'elsewhere'
    ? `a sale at ${orderId}`
    : `${MARKETPLACE_PATHS[marketplace].name} ${MARKETPLACE_PATHS[marketplace].orderName} ${orderId}`

/**
 * Where the seller's last change stands on a marketplace. pending: on its way; done: the marketplace has it; refused:
 * it said no (see the message); waiting: a limit, or the marketplace away.
 */
export type RevisionStatus = 'pending' | 'done' | 'refused' | 'waiting'

/**
 * Where a listing stands on one marketplace (listing_places, docs/decisions/0060): unlisted (known there, not for
 * sale), publishing (under way or stopped half way), live, ended, sold out (its last piece sold there), or refused.
 */
export type PlaceState = 'unlisted' | 'publishing' | 'live' | 'ended' | 'sold_out' | 'refused'

export interface ListingPlace {
  /** A marketplace Snaplist sells on (the marketplaces table of migration 0054). */
  marketplace: Platform
  state: PlaceState
  /** The listing's id on that marketplace; null before it gave one. */
  externalId: string | null
  /** Where buyers see it there, when the marketplace said; SPEC_MARKETPLACE's is the listing's viewUrl. */
  url: string | null
  /** Where the seller's last change stands there; null when none was sent (absent on a phone's copy from before). */
  revisionStatus?: RevisionStatus | null
  /** The marketplace's refusal in its own words, or why the change waits. */
  revisionMessage?: string | null
}

/** docs/product.md §4: posted to SPEC's marketplace when active and the platform id starts with its name. */
export const isPostedToSpecMarketplace = (listing: Standing) =>
  listing.platformStatus === 'active' && (listing.platformListingId?.startsWith(SPEC_MARKETPLACE) ?? false)

/**
 * A listing's status on the Dashboard (docs/product.md §4, docs/decisions/0060): Sold once its last piece sold
 * anywhere, Live when live on any marketplace, Ended when ended on one, anything else Ready: on Snaplist, not for sale
 * anywhere. The server derives it from the listing's places (migration 0054) and answers it as `status`, so the
 * Dashboard's filters, counts and rows agree. A draft on the phone is not a listing yet, so 'draft' is the phone's own.
 */
export type ListingStatus = 'ready' | 'live' | 'sold' | 'ended'
export type DashboardStatus = 'draft' | ListingStatus

export const STATUS_LABELS: Record<DashboardStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  live: 'Live',
  sold: 'Sold',
  ended: 'Ended',
}

/** SPEC's marketplace's own state of the listing, as SPEC's fields say it: what its row actions (Post, End, Relist) follow. */
export function specMarketplaceStatus(listing: Standing): ListingStatus {
  if (isPostedToSpecMarketplace(listing)) return 'live'
  if (listing.platformStatus === 'sold') return 'sold'
  if (listing.platformStatus === 'ended') return 'ended'
  return 'ready'
}

/**
 * The listing's status. A listing this phone kept offline from before the server said `status` reads SPEC's fields' (what
 * the status was then) until the server's answer replaces it.
 */
export const listingStatus = (listing: Standing) => listing.status ?? specMarketplaceStatus(listing)

/**
 * Where the listing stands on one marketplace (what the row's actions there follow); undefined when it was never
 * there. A listing kept on the phone from before places reads SPEC's marketplace's from SPEC's fields.
 */
export function placeOn(listing: Standing, marketplace: Platform): PlaceState | undefined {
  if (listing.places) return listing.places.find((place) => place.marketplace === marketplace)?.state
  if (marketplace !== SPEC_MARKETPLACE) return undefined
  return ({ live: 'live', ended: 'ended', sold: 'sold_out', ready: undefined } as const)[specMarketplaceStatus(listing)]
}

/** The marketplaces the listing is live on, in PLATFORMS' order. A phone's copy from before places reads SPEC's fields. */
export const livePlatforms = (listing: Standing): Platform[] =>
  listing.places
    ? listing.places.filter((place) => place.state === 'live').map((place) => place.marketplace)
    : isPostedToSpecMarketplace(listing)
      ? [SPEC_MARKETPLACE]
      : []

/** Where the listing is live, in the seller's words: its row reads "Live on" and these names. */
export const liveOn = (listing: Standing): string[] =>
  livePlatforms(listing).map((platform) => SOLD_ON_LABELS[platform])

export type PriceSource = 'asking' | 'median' | 'retail'

/**
 * The price a listing is listed at on every marketplace: the seller's Price, else (older listings) the median used price,
 * else the retail price.
 */
export function listedPrice(listing: { askingPrice?: number | null; medianUsedPrice?: number | null; price: number }): {
  value: number
  source: PriceSource
} {
  if (listing.askingPrice) return { value: listing.askingPrice, source: 'asking' }
  if (listing.medianUsedPrice) return { value: listing.medianUsedPrice, source: 'median' }
  return { value: listing.price, source: 'retail' }
}
