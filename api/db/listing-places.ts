// SQL for listing_places: a listing's place on each marketplace (migrations 0054, 0062 and 0064, docs/decisions/0060,
// 0067 and 0071): its id there, its state, the pieces the marketplace was last told it has, and what only that
// marketplace has (`details`: its own ids, as an offer and a SKU). A change of a place's state refreshes the listing's status (0054's
// trigger). Where a change stands on a marketplace (the revision columns) and a place in its own words are its wing's
// modules. Only for a listing its owner's service found.
import { MARKETPLACE_PATHS, PLATFORMS, type Platform } from '../contract/marketplace-paths.ts'
import type { SoldOn } from '../contract/listing.ts'
import type { Sql, Tx } from './client.ts'
import { addListingStep } from './listing-steps.ts'

/** The marketplaces whose places the last piece's sale and a restock mark here (endsWhenSoldOut). */
const MARKED_BY_SALES: readonly Platform[] = PLATFORMS.filter((platform) => MARKETPLACE_PATHS[platform].endsWhenSoldOut)

/**
 * The listing's id, its row locked first (as markPlaceLive's insert does): a change of a place's state updates the
 * listing's status (the trigger), and a sale locks the listing before its places, so a writer outside a sale's
 * transaction takes them in the same order rather than meet it in a deadlock.
 */
const lockedListing = (sql: Sql | Tx, listingId: number) =>
  sql`(select id from listings where id = ${listingId} for update)`

/** One of the place's details ('sku', 'offerId'); null when it has none, or the listing has no place there. */
export async function placeDetail(
  sql: Sql | Tx,
  listingId: number,
  marketplace: Platform,
  key: string,
): Promise<string | null> {
  const [row] = await sql<{ value: string | null }[]>`
    select details ->> ${key}::text as value from listing_places
    where listing_id = ${listingId} and marketplace = ${marketplace}`
  return row?.value ?? null
}

/**
 * Keeps a detail unless the place has one already (a racing publish), and answers the one it has. A listing not there
 * yet gets its place, a publish under way; a listing gone gets nothing and is answered `value`.
 */
export async function keepPlaceDetail(
  sql: Sql,
  listingId: number,
  marketplace: Platform,
  key: string,
  value: string,
): Promise<string> {
  await sql`
    insert into listing_places as p (listing_id, marketplace, state, details)
    select id, ${marketplace}, 'publishing', jsonb_build_object(${key}::text, ${value}::text) from listings
    where id = ${listingId}
    on conflict (listing_id, marketplace) do update set details = p.details || excluded.details, updated_at = now()
    where not p.details ? ${key}::text`
  return (await placeDetail(sql, listingId, marketplace, key)) ?? value
}

/** Sets one of the place's details (null: forgets it), making the place (a publish under way) if it has none. */
export async function savePlaceDetail(
  sql: Sql | Tx,
  listingId: number,
  marketplace: Platform,
  key: string,
  value: string | null,
): Promise<void> {
  await sql`
    insert into listing_places as p (listing_id, marketplace, state, details)
    values (${listingId}, ${marketplace}, 'publishing', jsonb_strip_nulls(jsonb_build_object(${key}::text, ${value}::text)))
    on conflict (listing_id, marketplace) do update set updated_at = now(),
      details = case when ${value}::text is null then p.details - ${key}::text else p.details || excluded.details end`
}

/**
 * A place's state went from `was` to `now`, in the caller's transaction: live again after it had sold out or been
 * ended is a step of the listing's history (listing_steps).
 */
export async function notePlaceState(
  sql: Sql | Tx,
  listingId: number,
  marketplace: Platform,
  { was, now }: { was: string | null | undefined; now: string },
): Promise<void> {
  if (now === 'live' && (was === 'sold_out' || was === 'ended'))
    await addListingStep(sql, listingId, 'live-again', marketplace, null)
}

/**
 * Live there under the id the marketplace gave it, with the details given (kept beside those it had); back up after
 * it had sold out or been ended, a step of the listing's history.
 */
export async function markPlaceLive(
  sql: Sql | Tx,
  listingId: number,
  marketplace: Platform,
  externalId: string,
  details: Record<string, string | null> = {},
): Promise<void> {
  const [was] = await sql<{ state: string | null }[]>`
    select p.state from listings l
    left join listing_places p on p.listing_id = l.id and p.marketplace = ${marketplace}
    where l.id = ${listingId} for update of l`
  await sql`
    insert into listing_places as p (listing_id, marketplace, external_id, state, details)
    select id, ${marketplace}, ${externalId}, 'live', jsonb_strip_nulls(${sql.json(details)}::jsonb) from listings
    where id = ${listingId} for update
    on conflict (listing_id, marketplace) do update set external_id = excluded.external_id, state = 'live',
      details = p.details || excluded.details, updated_at = now()`
  await notePlaceState(sql, listingId, marketplace, { was: was?.state, now: 'live' })
}

/** Ended there once the marketplace has ended it; only a live place (a sale that came first wins). */
export async function markPlaceEnded(sql: Sql | Tx, listingId: number, marketplace: Platform): Promise<void> {
  await sql`
    update listing_places set state = 'ended', updated_at = now()
    where listing_id = ${lockedListing(sql, listingId)} and marketplace = ${marketplace} and state = 'live'`
}

/**
 * The listing's last piece sold (on `soldOn`): sold out on that marketplace, and ended on the others it has an id on
 * (their listing is ended for the sale), in the sale's transaction.
 */
export async function markPlacesSoldOut(tx: Tx, listingId: number, soldOn: SoldOn): Promise<void> {
  await tx`
    update listing_places set updated_at = now(),
      state = case when marketplace = ${soldOn} then 'sold_out' else 'ended' end
    where listing_id = ${listingId} and marketplace = any(${MARKED_BY_SALES}::text[]) and external_id is not null`
}

/** The listing is for sale again (Relist on a sold row): ended wherever it has an id, until it is put back up there. */
export async function markPlacesRestocked(tx: Tx, listingId: number): Promise<void> {
  await tx`
    update listing_places set state = 'ended', updated_at = now()
    where listing_id = ${listingId} and marketplace = any(${MARKED_BY_SALES}::text[]) and external_id is not null
      and state <> 'ended'`
}

/** The marketplace lowered its own count when it sold: what it last got from Snaplist is that much less now. */
export async function lowerPlaceQuantity(
  tx: Tx,
  listingId: number,
  marketplace: Platform,
  sold: number,
): Promise<void> {
  await tx`
    update listing_places set quantity_sent = greatest(quantity_sent - ${sold}, 0)
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** The pieces the marketplace was told it has, as a publish or an import leaves it (a place there already). */
export async function savePlaceQuantity(
  sql: Sql | Tx,
  listingId: number,
  marketplace: Platform,
  quantity: number,
): Promise<void> {
  await sql`
    insert into listing_places as p (listing_id, marketplace, state, quantity_sent)
    values (${listingId}, ${marketplace}, 'publishing', ${quantity})
    on conflict (listing_id, marketplace) do update set quantity_sent = excluded.quantity_sent`
}
