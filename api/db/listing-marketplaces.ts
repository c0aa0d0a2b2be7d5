// SQL for listing_marketplaces: a listing's place on each marketplace it is published on (docs/decisions/0031), one
// row per (listing, marketplace). The stage is written before each call to the marketplace, so a retry knows what was
// already sent; the lease keeps two processes from publishing one listing at once. Only for a listing whose owner's
// service found it.
import type { Sql, Tx } from './client.ts'

export type SellingPlace = 'etsy'
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

const COLUMNS = `listing_id, marketplace, external_id, status, url, quantity_sent, stage, images_sent, stage_at, requested, sent`

export async function findPlace(
  sql: Sql | Tx,
  listingId: number,
  marketplace: SellingPlace,
): Promise<PlaceRow | undefined> {
  const [row] = await sql<PlaceRow[]>`
    select ${sql.unsafe(COLUMNS)} from listing_marketplaces where listing_id = ${listingId} and marketplace = ${marketplace}`
  return row
}

/** Every marketplace place of these listings (the listing service's view of where each one is). */
export async function findPlaces(sql: Sql, listingIds: number[]): Promise<PlaceRow[]> {
  if (!listingIds.length) return []
  return sql<PlaceRow[]>`select ${sql.unsafe(COLUMNS)} from listing_marketplaces where listing_id in ${sql(listingIds)}`
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
    insert into listing_marketplaces (listing_id, marketplace, lease_until)
    values (${listingId}, ${marketplace}, now() + make_interval(secs => ${seconds}))
    on conflict (listing_id, marketplace) do update set lease_until = excluded.lease_until, updated_at = now()
      where listing_marketplaces.lease_until is null or listing_marketplaces.lease_until < now()
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

export async function releaseLease(sql: Sql, listingId: number, marketplace: SellingPlace): Promise<void> {
  await sql`update listing_marketplaces set lease_until = null where listing_id = ${listingId} and marketplace = ${marketplace}`
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
    update listing_marketplaces set stage = ${stage}, stage_at = now(), updated_at = now(),
      external_id = coalesce(${known.externalId ?? null}, external_id),
      images_sent = coalesce(${known.imagesSent ?? null}, images_sent),
      quantity_sent = coalesce(${known.quantitySent ?? null}, quantity_sent)
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** One more photo is on the marketplace, in order. */
export async function countImageSent(sql: Sql, listingId: number, marketplace: SellingPlace, sent: number) {
  await sql`update listing_marketplaces set images_sent = ${sent}, updated_at = now()
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
  await sql`
    update listing_marketplaces set status = ${status}, url = coalesce(${url}, url), updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
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
  await tx`
    update listing_marketplaces set status = 'active', quantity_sent = ${count}, url = coalesce(${url}, url),
      updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** The seller's listing that is this Etsy (or other) listing, by the marketplace's own id; undefined when none is theirs. */
export async function listingOfExternalId(
  sql: Sql | Tx,
  userId: number,
  marketplace: SellingPlace,
  externalId: string,
): Promise<number | undefined> {
  const [row] = await sql<{ listingId: number }[]>`
    select m.listing_id from listing_marketplaces m join listings l on l.id = m.listing_id
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
    update listing_marketplaces set quantity_sent = greatest(coalesce(quantity_sent, ${before}) + ${now - before}, 0),
      updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/**
 * The marketplace sold pieces itself and lowered its own count: what it last got is that much less, and at none it
 * is sold out there. In the sale's transaction.
 */
export async function lowerSentQuantity(tx: Tx, listingId: number, marketplace: SellingPlace, sold: number) {
  await tx`
    update listing_marketplaces set quantity_sent = greatest(quantity_sent - ${sold}, 0),
      status = case when status = 'active' and quantity_sent - ${sold} <= 0 then 'sold' else status end,
      updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/**
 * Counts one more change to send there, in the change's transaction, when the listing is on that marketplace (live or
 * ended, not a draft under way nor sold out there); answers whether it did.
 */
export async function requestRevision(tx: Tx, listingId: number, marketplace: SellingPlace): Promise<boolean> {
  const rows = await tx`
    update listing_marketplaces set requested = requested + 1, revision_status = 'pending', revision_message = null,
      updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace} and external_id is not null
      and status in ('active', 'inactive')
    returning listing_id`
  return rows.length > 0
}

/** The row, when a change waits and no live lease holds it: the job that took it has it for `seconds`. */
export async function claimRevision(
  sql: Sql,
  listingId: number,
  marketplace: SellingPlace,
  seconds: number,
): Promise<PlaceRow | undefined> {
  const [row] = await sql<PlaceRow[]>`
    update listing_marketplaces set revision_lease_until = now() + make_interval(secs => ${seconds})
    where listing_id = ${listingId} and marketplace = ${marketplace} and requested > sent
      and (revision_lease_until is null or revision_lease_until < now())
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
    select revision_lease_until as until from listing_marketplaces
    where listing_id = ${listingId} and marketplace = ${marketplace} and requested > sent
      and revision_lease_until >= now()`
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
    update listing_marketplaces set sent = greatest(sent, ${target}), revision_lease_until = null, updated_at = now(),
      revision_status = case when requested > ${target} then 'pending' when ${refusal}::text is null then 'done' else 'refused' end,
      revision_message = case when requested > ${target} then null else ${refusal}::text end
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** A busy or absent marketplace: the lease is let go for the job's retry. */
export async function releaseRevision(sql: Sql, listingId: number, marketplace: SellingPlace): Promise<void> {
  await sql`update listing_marketplaces set revision_lease_until = null
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/**
 * Listings whose change has waited `minutes` with no job holding it (its job was lost): marked as looked at, so the
 * next look finds them only if they wait again that long, and answered for the caller to queue their jobs again.
 */
export async function takeStalledRevisions(sql: Sql, marketplace: SellingPlace, minutes: number): Promise<number[]> {
  const rows = await sql<{ listingId: number }[]>`
    update listing_marketplaces set updated_at = now()
    where marketplace = ${marketplace} and requested > sent and updated_at < now() - make_interval(mins => ${minutes})
      and (revision_lease_until is null or revision_lease_until < now())
    returning listing_id`
  return rows.map((row) => row.listingId)
}
