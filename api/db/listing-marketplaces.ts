// SQL for listing_marketplaces: a listing's place on each marketplace it is published on (docs/decisions/0031), one
// row per (listing, marketplace). The stage is written before each call to the marketplace, so a retry knows what was
// already sent; the lease keeps two processes from publishing one listing at once. Only for a listing whose owner's
// service found it.
import type { Sql } from './client.ts'

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
}

const COLUMNS = `listing_id, marketplace, external_id, status, url, quantity_sent, stage, images_sent, stage_at`

export async function findPlace(sql: Sql, listingId: number, marketplace: SellingPlace): Promise<PlaceRow | undefined> {
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
