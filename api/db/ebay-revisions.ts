// SQL for where a listing's changes stand on eBay: the revision columns of its eBay place (listing_places, migration
// 0062): the changes asked for (requested), the last one eBay has (sent), the one under way and how far it got
// (sending, stage), what the seller is shown (status, message), the lease of the job talking to eBay for it, and the
// revisions sent on eBay's current day. The place's state and details are listing-places.ts.
import type { Sql, Tx } from './client.ts'
import { savePlaceQuantity } from './listing-places.ts'

export type RevisionStage = 'inventory' | 'offer'
export type RevisionStatus = 'pending' | 'done' | 'refused' | 'waiting'

export interface RevisionRow {
  listingId: number
  requested: number
  sent: number
  sending: number | null
  stage: RevisionStage | null
  status: RevisionStatus
  message: string | null
  /** Revisions sent on eBay's current day (0 when the last was on another day). */
  sentToday: number
  /** Snaplist's quantity as eBay last got it, less the sales applied since (migration 0015). */
  sentQuantity: number | null
}

const COLUMNS = `listing_id, revision_requested as requested, revision_sent as sent, revision_sending as sending,
  revision_stage as stage, revision_state as status, revision_message as message, quantity_sent as sent_quantity,
  case when revision_day = (now() at time zone 'America/Los_Angeles')::date then revisions_that_day else 0 end as sent_today`
/** The listing's eBay place. */
const ebayPlace = (sql: Sql | Tx, listingId: number) => sql`listing_id = ${listingId} and marketplace = 'ebay'`

/**
 * Counts one more change to send for the listing, if it was ever published to eBay (it has an offer) or imported from
 * a listing made on ebay.com (revised through the Trading API); returns whether it did. In the caller's transaction, with the change itself.
 */
export async function requestRevision(sql: Sql | Tx, listingId: number): Promise<boolean> {
  const rows = await sql`
    update listing_places p set revision_requested = revision_requested + 1, revision_state = 'pending',
      revision_message = null, updated_at = now()
    where ${ebayPlace(sql, listingId)} and (details ? 'offerId'
      or exists (select 1 from listings l where l.id = p.listing_id and l.ebay_import_source = 'trading'))
    returning listing_id`
  return rows.length > 0
}

/**
 * How many changes the seller has asked for so far, and the count eBay last got less the sales applied since; read with
 * the listing, in one snapshot, by the revision job (a sale lowers the listing and sent_quantity in one transaction).
 */
export async function requestedCount(
  tx: Tx,
  listingId: number,
): Promise<{ requested: number; sentQuantity: number | null }> {
  const [row] = await tx<{ requested: number; sentQuantity: number | null }[]>`
    select revision_requested as requested, quantity_sent as sent_quantity from listing_places
    where ${ebayPlace(tx, listingId)}`
  if (!row) throw new Error(`no eBay place for listing ${listingId}`)
  return row
}

/** The count eBay last got less the sales applied since: the most eBay may hold for the listing (decision 0030). */
export async function sentQuantity(sql: Sql, listingId: number): Promise<number | null> {
  const [row] = await sql<{ sentQuantity: number | null }[]>`
    select quantity_sent as sent_quantity from listing_places where ${ebayPlace(sql, listingId)}`
  return row?.sentQuantity ?? null
}

/**
 * The place a published listing's revisions will use, made (if the publish had not) when it is published, with the
 * pieces eBay got: a job sent within an edit's transaction then waits on the place's lock until the edit commits,
 * instead of missing a place not yet committed.
 */
export const ensureRow = (sql: Sql | Tx, listingId: number, quantity: number) =>
  savePlaceQuantity(sql, listingId, 'ebay', quantity)

/**
 * Takes the row for this job (lease) when a change is waiting and no live lease holds it, or the job's own lease (its
 * retry: the queue retries it only once its process is taken for dead). Undefined: nothing to do, or another job holds
 * it (then `heldUntil` says until when).
 */
export async function claim(
  sql: Sql,
  listingId: number,
  lease: string,
  seconds: number,
): Promise<{ row?: RevisionRow; heldUntil?: Date }> {
  const [row] = await sql<RevisionRow[]>`
    update listing_places set leased_by = ${lease}, leased_until = now() + make_interval(secs => ${seconds})
    where ${ebayPlace(sql, listingId)} and revision_requested > revision_sent
      and (leased_until is null or leased_until < now() or leased_by = ${lease})
    returning ${sql.unsafe(COLUMNS)}`
  if (row) return { row }
  const [held] = await sql<{ leasedUntil: Date | null; waiting: boolean }[]>`
    select leased_until, revision_requested > revision_sent as waiting from listing_places
    where ${ebayPlace(sql, listingId)}`
  return held?.waiting && held.leasedUntil ? { heldUntil: held.leasedUntil } : {}
}

/**
 * Notes that `target`'s call for `stage` is about to go to eBay, renewing the lease; false if the lease was lost. Once
 * the item call went, the seller's change of quantity (`quantityChange`, from the job's snapshot) counts as eBay's: it is
 * added, not set, so a sale applied meanwhile stays taken off, and a retry (whose snapshot has it) adds nothing twice.
 */
export async function markStage(
  sql: Sql,
  listingId: number,
  lease: string,
  target: number,
  stage: RevisionStage,
  seconds: number,
  quantityChange?: { change: number; quantity: number },
): Promise<boolean> {
  const rows = await sql`
    update listing_places set revision_sending = ${target}, revision_stage = ${stage},
      quantity_sent = case when ${quantityChange === undefined} then quantity_sent
        else coalesce(quantity_sent + ${quantityChange?.change ?? 0}::int, ${quantityChange?.quantity ?? null}::int) end,
      leased_until = now() + make_interval(secs => ${seconds}), updated_at = now()
    where ${ebayPlace(sql, listingId)} and leased_by = ${lease}
    returning listing_id`
  return rows.length > 0
}

/**
 * Ends `target`: eBay has it (refusal null: counted as today's revision) or refused it (eBay's words kept). When the
 * seller changed the listing again meanwhile the lease is kept and the row answered, to send that too; otherwise the
 * lease is let go and nothing is answered.
 */
export async function finish(
  sql: Sql,
  listingId: number,
  lease: string,
  target: number,
  refusal: string | null,
): Promise<RevisionRow | undefined> {
  const [row] = await sql<(RevisionRow & { more: boolean })[]>`
    update listing_places set
      revision_sent = ${target}, revision_sending = null, revision_stage = null,
      revision_state = case when revision_requested > ${target} then 'pending' when ${refusal}::text is null then 'done'
        else 'refused' end,
      revision_message = case when revision_requested > ${target} then null else ${refusal}::text end,
      revisions_that_day = case when ${refusal}::text is not null then revisions_that_day
        when revision_day = (now() at time zone 'America/Los_Angeles')::date then revisions_that_day + 1 else 1 end,
      revision_day = case when ${refusal}::text is not null then revision_day else (now() at time zone 'America/Los_Angeles')::date end,
      leased_by = case when revision_requested > ${target} then leased_by end,
      leased_until = case when revision_requested > ${target} then leased_until end,
      updated_at = now()
    where ${ebayPlace(sql, listingId)} and leased_by = ${lease}
    returning ${sql.unsafe(COLUMNS)}, revision_requested > revision_sent as more`
  return row?.more ? row : undefined
}

/** Lets the row go without finishing (eBay busy or away, a daily limit): what the seller sees says why. */
export async function release(
  sql: Sql,
  listingId: number,
  lease: string,
  status: 'pending' | 'waiting',
  message: string,
): Promise<void> {
  await sql`
    update listing_places set revision_state = ${status}, revision_message = ${message}, leased_by = null,
      leased_until = null, updated_at = now()
    where ${ebayPlace(sql, listingId)} and leased_by = ${lease}`
}

/** Listings with a change not sent, no job holding them and nothing heard for `minutes`: their job was lost. */
export async function findStalled(sql: Sql, minutes: number): Promise<number[]> {
  const rows = await sql<{ listingId: number }[]>`
    select listing_id from listing_places
    where revision_requested > revision_sent and marketplace = 'ebay' and revision_state <> 'waiting'
      and (leased_until is null or leased_until < now())
      and updated_at < now() - make_interval(mins => ${minutes})
    limit 500`
  return rows.map((row) => row.listingId)
}

/** Marks the row looked at, so the sweep does not enqueue it again at once. */
export async function touch(sql: Sql, listingIds: number[]): Promise<void> {
  if (listingIds.length)
    await sql`update listing_places set updated_at = now() where listing_id in ${sql(listingIds)} and marketplace = 'ebay'`
}

/** Of these listings' eBay places, the revisions sent on eBay's current day (decision 0080: a bulk price counts one). */
export const revisionsToday = (sql: Sql, listingIds: number[]) =>
  sql<{ listingId: number; sentToday: number }[]>`
    select listing_id, case when revision_day = (now() at time zone 'America/Los_Angeles')::date
      then revisions_that_day else 0 end as sent_today
    from listing_places where listing_id = any(${listingIds}::int[]) and marketplace = 'ebay'`

/** Counts a price eBay took in a bulk call as one of today's revisions of each listing, as finish counts one. */
export async function countRevisions(sql: Sql, listingIds: number[]): Promise<void> {
  if (listingIds.length === 0) return
  await sql`
    update listing_places set
      revisions_that_day = case when revision_day = (now() at time zone 'America/Los_Angeles')::date
        then revisions_that_day + 1 else 1 end,
      revision_day = (now() at time zone 'America/Los_Angeles')::date
    where listing_id = any(${listingIds}::int[]) and marketplace = 'ebay'`
}
