// What Snaplist does with a listing on a marketplace it sells on (docs/decisions/0029): publish it, bring the
// marketplace in step with an edit, end it, relist it, and read the seller's sales there. Code that acts on every
// marketplace a listing is on (an edit, deleting a live listing) goes through this interface and the one list app.ts
// builds, so selling somewhere new is one implementation and one entry in that list. Connecting a seller's account
// (OAuth) is not selling: services/marketplaces/ does that for every marketplace, through each wing's connect part.
import type { BulkPostAnswers } from '../../contract/bulk-post.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Platform } from '../../contract/marketplace-paths.ts'
import type { MarketplaceImportStatus } from '../../contract/marketplace-import.ts'
import type { Tx } from '../../db/client.ts'
import type { OrderSale, ReadEarnings } from '../../db/marketplace-sales.ts'
import { AppError } from '../../errors.ts'
import type { JobDefinition } from '../jobs.ts'

/** A listing published: what the seller is told, and where buyers see it. */
export interface Published {
  message: string
  platformListingId: string
  viewUrl: string
}

/** A listing ended or put back up; buyers see it at viewUrl while it is active. */
export interface LifecycleChange {
  message: string
  platformStatus: 'active' | 'ended'
  platformListingId: string
  viewUrl: string | null
}

/**
 * One marketplace's selling. Each names its own publish input and answers (some are SPEC's, as its post and
 * end/relist answers); code acting on every marketplace reads them as SellingMarketplace, whose `never` input it
 * cannot publish with: publishing takes what that marketplace's own dialog asked the seller.
 */
export interface SellingMarketplace<
  Input = never,
  Publish extends Published = Published,
  Change extends LifecycleChange = LifecycleChange,
> {
  readonly id: Platform
  /** Published here at some point (live, ended or sold): its last sales here are read before it is deleted. */
  holds(listing: Listing): boolean
  /** Buyers can buy it here now: deleting it ends it here first. */
  isLive(listing: Listing): boolean
  /** Publishes the seller's listing; idempotent, so one live already answers where it is. */
  publish(userId: number, listingId: number, input: Input): Promise<Publish>
  /**
   * Publishes one listing of a bulk post with what the seller answered there once for all (and for this listing):
   * publish's input when the seller adds nothing else, so idempotent the same way (services/selling/bulk-post.ts).
   */
  postInBulk(userId: number, listingId: number, answers: BulkPostAnswers): Promise<Published>
  /**
   * The seller changed the listing, in `tx` (the change's transaction): the marketplace gets the change from a job
   * recorded in the same transaction, so both happen or neither. Nothing for a listing never published here.
   */
  requestRevision(tx: Tx, listing: Listing): Promise<void>
  /** A change of the listing is still on its way here (requestRevision's job has not finished with it). */
  changeUnderWay(listing: Listing): boolean
  /** Ends it here; ending an ended listing answers at once. */
  end(userId: number, listingId: number): Promise<Change>
  /** Puts an ended listing back up here; relisting a live one answers at once. */
  relist(userId: number, listingId: number): Promise<Change>
  /** Reads the seller's sales here since the last read and applies the new ones; answers how many. */
  pollSales(userId: number): Promise<number>
  /**
   * The seller asked for their sales here now: a read is queued at once, at most once an interval (sales-refresh.ts);
   * false when nothing was queued (not connected, a grant run out, asked moments ago already).
   */
  refreshSales(userId: number): Promise<boolean>
  /**
   * What the sales of one order (or receipt, as the marketplace calls it) earned here: fees and the label bought here; undefined while
   * the marketplace has no figures for it yet.
   */
  readEarnings(userId: number, orderId: string, sales: OrderSale[]): Promise<OrderEarnings | undefined>
  /** Takes many live listings' new prices in few calls (a bulk action's); absent where each goes as a revision. */
  bulkPricing?: BulkPricing
  /** Sends offers to the buyers interested in a live listing (watchers); absent where the marketplace has none. */
  offers?: OffersToInterested
}

/** One live listing's offer, by the marketplace's id of it: its price, and the seller's message to the buyers. */
export interface OfferToSend {
  externalId: string
  priceCents: number
  message: string
}

/**
 * How the marketplace took an offer: sent (to how many buyers, open until when), or refused in its own words;
 * `alreadyOpen` when an offer of the seller's is open on the listing already (one sent before a reply was lost).
 */
export type OfferOutcome =
  | { sent: true; buyers: number; expiresAt: Date }
  | { sent: false; alreadyOpen: boolean; refusal: { code: string; message: string } }

export interface OffersToInterested {
  /** How long an offer stays open, as the marketplace fixes it. */
  readonly openHours: number
  /** The smallest cut an offer may make, in percent of the listing's price. */
  readonly minPercentOff: number
  /** The marketplace's ids of the seller's live listings with interested buyers now, at most `max`. */
  eligible(userId: number, max: number): Promise<string[]>
  /** Sends the offer; busy or away throws, for the caller's job to try again. */
  send(userId: number, offer: OfferToSend): Promise<OfferOutcome>
}

/** A listing's new price, in cents. */
export interface NewListingPrice {
  listingId: number
  cents: number
}

/** How a marketplace took one listing's price: its refusal in its own words, or null when it took it. */
export type PriceOutcome = { refusal: null } | { refusal: { code: string; message: string } }

export interface BulkPricing {
  /** The listing's new price reaches this marketplace by the bulk call, not by a revision: it is live here. */
  takes(listing: Listing): boolean
  /**
   * Sends the new prices of the listings live here (others are skipped and not answered); the same prices again change
   * nothing more. Busy or away throws, for the caller's job to try again; a refusal of the whole call throws too.
   */
  send(userId: number, prices: NewListingPrice[]): Promise<Map<number, PriceOutcome>>
}

/** What each of an order's sales earned there, by sale id, and whether the marketplace has settled them (final). */
export interface OrderEarnings {
  bySale: Map<string, ReadEarnings>
  settled: boolean
}

/**
 * A marketplace's own jobs, by where they sit in the app's list (job-registry.ts): reading its sales, which queue each
 * sale's follow and earnings jobs; and acting on its listings (revisions, posts, imports), which those queue.
 */
export interface MarketplaceJobs {
  sales: JobDefinition<never>[]
  listings: JobDefinition<never>[]
}

/** How often each seller's sales on a marketplace are read when <MARKETPLACE>_SALES_POLL_MINUTES does not say. */
export const SALES_POLL_MINUTES = 15

/**
 * What generic code reads of each marketplace's wing (services/<marketplace>/), as app-services.ts builds them into
 * one record typed `satisfies Record<Platform, MarketplaceWing>`: its selling and its jobs, both absent while the
 * server is not set up to sell there.
 */
export interface MarketplaceWing {
  selling: SellingMarketplace<never, Published, LifecycleChange> | undefined
  jobs: MarketplaceJobs | undefined
  /** Bringing the seller's listings there into Snaplist, where the wing offers it (decision 0078). */
  importer?: MarketplaceImporter | undefined
}

/** A marketplace's import of the seller's listings there: started by the seller, its progress read as it goes. */
export interface MarketplaceImporter {
  /** Starts the seller's import, or answers the one under way (one that stopped moving goes on from its page). */
  start(userId: number): Promise<{ status: MarketplaceImportStatus; started: boolean }>
  status(userId: number): Promise<MarketplaceImportStatus>
}

/** Every marketplace Snaplist sells on, as code acting on all of them sees them. */
export type SellingMarketplaces = readonly SellingMarketplace[]

/** The seller or the marketplace said no (a detail, a policy, a connection): the same request again would be refused again. */
export const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
