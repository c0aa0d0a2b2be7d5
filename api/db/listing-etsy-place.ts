// SQL for a listing's place on Etsy (listing_places, migrations 0054 and 0064, docs/decisions/0071), in Etsy's words:
// its status ('draft' while a publish is under way or stopped half way, then 'active', 'inactive', 'sold'), and what
// only Etsy has, in the place's details: the publish's stage, written before each call so a retry knows what was already
// sent, the photos sent, when the stage began, and the lease that keeps two processes from publishing one listing at
// once. Its changes use the place's revision columns (leased_until: the revision job's lease). Only for a listing whose
// owner's service found it.
import type { Platform } from '../contract/marketplace-paths.ts'
import type { SoldOn } from '../contract/listing-status.ts'
import type { Sql, Tx } from './client.ts'
import { notePlaceState } from './listing-places.ts'

/** The marketplaces whose places are written through this module (eBay's has its own, listing-ebay-state.ts). */
export type SellingPlace = Exclude<Platform, 'ebay'>
export type PlaceStatus = 'draft' | 'active' | 'inactive' | 'sold'
export type PlaceStage = 'create' | 'images' | 'inventory' | 'activate' | 'done'

export interface PlaceRow {
  listingId: number
  marketplace: SellingPlace
  /** The marketplace's own listing id; null until its reply to the create call was read. */
  externalId: string | null
  status: PlaceStatus
  url: string | null
  quantitySent: number | null
  stage: PlaceStage
  /** Photos uploaded, in order: a retry goes on from the next. */
  imagesSent: number
  /** When the current stage began: a draft made by a lost 'create' call was made after it. */
  stageAt: Date
  /** Changes asked for, and the last one the marketplace has (claimRevision). */
  requested: number
  sent: number
}

/** The place's state in Etsy's words. */
const ETSY_STATUS_SQL = `case state when 'live' then 'active' when 'ended' then 'inactive' when 'sold_out' then 'sold'
  else 'draft' end`
/** What the listing's answers say of its place on Etsy (api/contract/listing.ts ListingLife, listings.ts). */
export const ETSY_LIFE_COLUMNS = {
  etsyStatus: `(select ${ETSY_STATUS_SQL} from listing_places where listing_id = listings.id and marketplace = 'etsy'
    and external_id is not null) as etsy_status`,
  etsyViewUrl: `(select url from listing_places where listing_id = listings.id and marketplace = 'etsy'
    and external_id is not null) as etsy_view_url`,
  etsyRevisionStatus: `(select revision_state from listing_places where listing_id = listings.id
    and marketplace = 'etsy' and revision_requested > 0) as etsy_revision_status`,
  etsyRevisionMessage: `(select revision_message from listing_places where listing_id = listings.id
    and marketplace = 'etsy' and revision_requested > 0) as etsy_revision_message`,
} as const

/** Etsy's word for a state as the place's. */
const stateOf = (sql: Sql | Tx, status: PlaceStatus) =>
  sql`case ${status}::text when 'active' then 'live' when 'inactive' then 'ended' when 'sold' then 'sold_out'
    else 'publishing' end`

const COLUMNS = `listing_id, marketplace, external_id, ${ETSY_STATUS_SQL} as status, url, quantity_sent,
  coalesce(details ->> 'stage', 'create') as stage, coalesce((details ->> 'imagesSent')::int, 0) as images_sent,
  coalesce((details ->> 'stageAt')::timestamptz, created_at) as stage_at, revision_requested as requested,
  revision_sent as sent`

export async function findPlace(
  sql: Sql | Tx,
  listingId: number,
  marketplace: SellingPlace,
): Promise<PlaceRow | undefined> {
  const [row] = await sql<PlaceRow[]>`
    select ${sql.unsafe(COLUMNS)} from listing_places where listing_id = ${listingId} and marketplace = ${marketplace}`
  return row
}

/**
 * Takes the publishing lease for `seconds`, making the row on a first publish; answers the row, or undefined while
 * another process holds the lease. The lease outlives a publish's calls and ends early when it is released.
 */
export async function takeLease(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  seconds: number,
): Promise<PlaceRow | undefined> {
  const [row] = await sql<PlaceRow[]>`
    insert into listing_places as p (listing_id, marketplace, state, details)
    values (${listingId}, ${marketplace}, 'publishing', jsonb_build_object('stage', 'create', 'imagesSent', 0,
      'stageAt', now(), 'leaseUntil', now() + make_interval(secs => ${seconds})))
    on conflict (listing_id, marketplace) do update set updated_at = now(),
      details = p.details || jsonb_build_object('leaseUntil', now() + make_interval(secs => ${seconds}))
      where coalesce((p.details ->> 'leaseUntil')::timestamptz < now(), true)
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

export async function releaseLease(sql: Sql, listingId: number, marketplace: SellingPlace): Promise<void> {
  await sql`update listing_places set details = details - 'leaseUntil' where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** Written before the call the stage names, so a retry knows it may have been made. */
export async function saveStage(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  stage: PlaceStage,
  known: { externalId?: string; imagesSent?: number; quantitySent?: number } = {},
): Promise<void> {
  await sql`
    update listing_places set updated_at = now(), external_id = coalesce(${known.externalId ?? null}, external_id),
      details = details || jsonb_strip_nulls(jsonb_build_object('stage', ${stage}::text, 'stageAt', now(),
        'imagesSent', ${known.imagesSent ?? null}::int)),
      quantity_sent = coalesce(${known.quantitySent ?? null}, quantity_sent)
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** One more photo is on the marketplace, in order. */
export async function countImageSent(sql: Sql, listingId: number, marketplace: SellingPlace, sent: number) {
  await sql`update listing_places set details = details || jsonb_build_object('imagesSent', ${sent}::int),
    updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** Live, ended or sold there, and where buyers see it. */
export async function saveStatus(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  status: PlaceStatus,
  url: string | null,
): Promise<void> {
  const [changed] = await sql<{ was: string; now: string }[]>`
    update listing_places p set state = ${stateOf(sql, status)}, url = coalesce(${url}, p.url), updated_at = now()
    from listing_places old
    where p.listing_id = ${listingId} and p.marketplace = ${marketplace}
      and old.listing_id = p.listing_id and old.marketplace = p.marketplace
    returning old.state as was, p.state as now`
  if (changed) await notePlaceState(sql, listingId, marketplace, changed)
}

/**
 * A listing sold out there is for sale again: the marketplace renewed it with a count of its own (Etsy sets 1), which
 * is what it now has. In the transaction that asks for the listing's own count to follow.
 */
export async function markRenewed(
  tx: Tx,
  listingId: number,
  marketplace: SellingPlace,
  count: number,
  url: string | null,
) {
  const [changed] = await tx<{ was: string; now: string }[]>`
    update listing_places p set state = 'live', quantity_sent = ${count}, url = coalesce(${url}, p.url),
      updated_at = now()
    from listing_places old
    where p.listing_id = ${listingId} and p.marketplace = ${marketplace}
      and old.listing_id = p.listing_id and old.marketplace = p.marketplace
    returning old.state as was, p.state as now`
  if (changed) await notePlaceState(tx, listingId, marketplace, changed)
}

/** The seller's listing that is this Etsy (or other) listing, by the marketplace's own id; undefined when none is theirs. */
export async function listingOfExternalId(
  sql: Sql | Tx,
  userId: number,
  marketplace: SellingPlace,
  externalId: string,
): Promise<number | undefined> {
  const [row] = await sql<{ listingId: number }[]>`
    select m.listing_id from listing_places m join listings l on l.id = m.listing_id
    where m.marketplace = ${marketplace} and m.external_id = ${externalId} and l.user_id = ${userId}`
  return row?.listingId
}

/**
 * What the marketplace was sent now counts as its own, from a write whose snapshot had `before`: the change is added,
 * not set, so a sale applied meanwhile (which lowered it) stays taken off (as ebay-revisions.ts's markStage does).
 */
export async function addSentQuantity(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  before: number,
  now: number,
) {
  await sql`
    update listing_places set quantity_sent = greatest(coalesce(quantity_sent, ${before}) + ${now - before}, 0),
      updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/**
 * The marketplace sold pieces itself and lowered its own count: what it last got is that much less, and at none it
 * is sold out there. In the sale's transaction.
 */
export async function lowerSentQuantity(tx: Tx, listingId: number, marketplace: SellingPlace, sold: number) {
  await tx`
    update listing_places set quantity_sent = greatest(quantity_sent - ${sold}, 0),
      state = case when state = 'live' and quantity_sent - ${sold} <= 0 then 'sold_out' else state end,
      updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/**
 * The marketplace put pieces back on its own count (Shopify restocks a cancelled order's): what it counts is that much
 * more, and a place sold out there sells again. In the cancellation's transaction, once.
 */
export async function shelveAgain(tx: Tx, listingId: number, marketplace: SoldOn, pieces: number) {
  await tx`
    update listing_places set quantity_sent = coalesce(quantity_sent, 0) + ${pieces},
      state = case when state = 'sold_out' then 'live' else state end, updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace} and external_id is not null`
}

/**
 * Counts one more change to send there, in the change's transaction, when the listing is on that marketplace (live or
 * ended, not a draft under way nor sold out there); answers whether it did.
 */
export async function requestRevision(tx: Tx, listingId: number, marketplace: SellingPlace): Promise<boolean> {
  const rows = await tx`
    update listing_places set revision_requested = revision_requested + 1, revision_state = 'pending',
      revision_message = null, updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace} and external_id is not null
      and state in ('live', 'ended')
    returning listing_id`
  return rows.length > 0
}

/**
 * The row, when a change waits and no live lease holds it: the job that took it has it for `seconds`. A job's retry
 * (`holder`, its job id) takes back its own lease: the queue retries it only once its process is deemed dead, and the
 * change should not wait out the lease.
 */
export async function claimRevision(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  seconds: number,
  holder: string | null = null,
): Promise<PlaceRow | undefined> {
  const [row] = await sql<PlaceRow[]>`
    update listing_places set leased_until = now() + make_interval(secs => ${seconds}), leased_by = ${holder}
    where listing_id = ${listingId} and marketplace = ${marketplace} and revision_requested > revision_sent
      and (leased_until is null or leased_until < now() or leased_by = ${holder})
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

/** Until when another job's live lease holds the row while a change waits (that job may have died); undefined when none. */
export async function revisionHeldUntil(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
): Promise<Date | undefined> {
  const [row] = await sql<{ until: Date }[]>`
    select leased_until as until from listing_places
    where listing_id = ${listingId} and marketplace = ${marketplace} and revision_requested > revision_sent
      and leased_until >= now()`
  return row?.until
}

/** `target` is there (refusal null) or was refused (the marketplace's words kept); the lease is let go. */
export async function finishRevision(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  target: number,
  refusal: string | null,
): Promise<void> {
  await sql`
    update listing_places set revision_sent = greatest(revision_sent, ${target}), leased_until = null,
      updated_at = now(),
      revision_state = case when revision_requested > ${target} then 'pending' when ${refusal}::text is null then 'done'
        else 'refused' end,
      revision_message = case when revision_requested > ${target} then null else ${refusal}::text end
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** A busy or absent marketplace: the lease is let go for the job's retry. */
export async function releaseRevision(sql: Sql, listingId: number, marketplace: SellingPlace): Promise<void> {
  await sql`update listing_places set leased_until = null
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/**
 * Listings whose change has waited `minutes` with no job holding it (its job was lost): marked as looked at, so the
 * next look finds them only if they wait again that long, and answered for the caller to queue their jobs again.
 */
export async function takeStalledRevisions(sql: Sql, marketplace: SellingPlace, minutes: number): Promise<number[]> {
  const rows = await sql<{ listingId: number }[]>`
    update listing_places set updated_at = now()
    where marketplace = ${marketplace} and revision_requested > revision_sent
      and updated_at < now() - make_interval(mins => ${minutes}) and (leased_until is null or leased_until < now())
    returning listing_id`
  return rows.map((row) => row.listingId)
}
