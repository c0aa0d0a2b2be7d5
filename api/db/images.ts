// SQL for the images table: which stored photos exist and whose they are.
import type { Sql, Tx } from './client.ts'

const COLUMNS = 'id, user_id, key, url, thumbnail_url, width, height, bytes'

export interface ImageRow {
  id: string
  userId: number
  key: string
  url: string
  thumbnailUrl: string
  width: number
  height: number
  bytes: number
}

export async function findImage(sql: Sql | Tx, id: string): Promise<ImageRow | undefined> {
  const [row] = await sql<ImageRow[]>`
    select ${sql.unsafe(COLUMNS)} from images where id = ${id}`
  return row
}

/** The bytes of the user's stored photos (the 1600 px JPEGs), as counted against their storage quota. */
export async function usedPhotoBytes(sql: Sql | Tx, userId: number): Promise<number> {
  const [row] = await sql<
    { bytes: number }[]
  >`select coalesce(sum(bytes), 0)::float8 as bytes from images where user_id = ${userId}`
  return row!.bytes
}

/**
 * Inserts the row unless the id exists already, and only when the user's photos stay within quotaBytes with it.
 * Returns whichever row holds the id now, or 'over_quota'. The caller holds users.lockUser, so one user's inserts
 * count one after another and parallel uploads cannot pass the quota together.
 */
export async function insertImage(tx: Tx, image: ImageRow, quotaBytes: number): Promise<ImageRow | 'over_quota'> {
  const [inserted] = await tx<ImageRow[]>`
    insert into images (id, user_id, key, url, thumbnail_url, width, height, bytes)
    select ${image.id}, ${image.userId}, ${image.key}, ${image.url}, ${image.thumbnailUrl}, ${image.width}, ${image.height}, ${image.bytes}
    where (select coalesce(sum(bytes), 0) from images where user_id = ${image.userId}) + ${image.bytes} <= ${quotaBytes}
    on conflict (id) do nothing
    returning ${tx.unsafe(COLUMNS)}`
  return inserted ?? (await findImage(tx, image.id)) ?? 'over_quota'
}

/** The subset of urls that are this user's stored photos. */
export async function ownedImageUrls(sql: Sql | Tx, userId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set()
  const rows = await sql<
    { url: string }[]
  >`select distinct url from images where user_id = ${userId} and url = any(${urls})`
  return new Set(rows.map((row) => row.url))
}

/** Marks the photo as the catalog's stock photo of a product (not a photo of the seller's own item). */
export async function markStockPhoto(sql: Sql | Tx, userId: number, id: string, epid: string): Promise<void> {
  await sql`update images set stock_of = ${epid} where id = ${id} and user_id = ${userId}`
}

/** Whether every one of these photos of the user's is a catalog's stock photo (false for none). */
export async function onlyStockPhotos(sql: Sql | Tx, userId: number, urls: string[]): Promise<boolean> {
  if (urls.length === 0) return false
  const [row] = await sql<{ own: number; stock: number }[]>`
    select count(*) filter (where stock_of is null)::int as own, count(*) filter (where stock_of is not null)::int as stock
    from images where user_id = ${userId} and url = any(${urls})`
  return row!.stock > 0 && row!.own === 0
}

/** Deletes this user's image rows for urls no remaining listing or expense receipt of theirs uses; returns them. */
export async function deleteUnusedImages(tx: Tx, userId: number, urls: string[]): Promise<ImageRow[]> {
  if (urls.length === 0) return []
  return tx<ImageRow[]>`
    delete from images i
    where i.user_id = ${userId} and i.url = any(${urls})
      and not exists (select 1 from listings l where l.user_id = ${userId} and i.url = any(l.images))
      and not exists (select 1 from expenses e where e.user_id = ${userId} and e.receipt_url = i.url)
    returning ${tx.unsafe(COLUMNS)}`
}

/** Deletes every image row of the user; returns them so their files can be removed once the transaction commits. */
export async function deleteUserImages(tx: Tx, userId: number): Promise<ImageRow[]> {
  return tx<ImageRow[]>`delete from images where user_id = ${userId} returning ${tx.unsafe(COLUMNS)}`
}

/** Where each of these photos of the user's is stored (its url and storage key), one row a url. */
export async function findStoredPhotos(
  sql: Sql,
  userId: number,
  urls: string[],
): Promise<{ url: string; key: string }[]> {
  return sql<{ url: string; key: string }[]>`
    select distinct on (url) url, key from images where user_id = ${userId} and url = any(${urls}) order by url`
}
