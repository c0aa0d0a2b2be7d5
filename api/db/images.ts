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

export async function findImage(sql: Sql, id: string): Promise<ImageRow | undefined> {
  const [row] = await sql<ImageRow[]>`
    select ${sql.unsafe(COLUMNS)} from images where id = ${id}`
  return row
}

/** Inserts the row unless the id exists already; returns whichever row holds the id now. */
export async function insertImage(sql: Sql, image: ImageRow): Promise<ImageRow> {
  const [inserted] = await sql<ImageRow[]>`
    insert into images (id, user_id, key, url, thumbnail_url, width, height, bytes)
    values (${image.id}, ${image.userId}, ${image.key}, ${image.url}, ${image.thumbnailUrl}, ${image.width}, ${image.height}, ${image.bytes})
    on conflict (id) do nothing
    returning ${sql.unsafe(COLUMNS)}`
  return inserted ?? (await findImage(sql, image.id))!
}

/** The subset of urls that are this user's stored photos. */
export async function ownedImageUrls(sql: Sql | Tx, userId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set()
  const rows = await sql<{ url: string }[]>`select distinct url from images where user_id = ${userId} and url = any(${urls})`
  return new Set(rows.map((row) => row.url))
}

/** Deletes this user's image rows for urls no remaining listing of theirs uses; returns the deleted rows. */
export async function deleteUnusedImages(tx: Tx, userId: number, urls: string[]): Promise<ImageRow[]> {
  if (urls.length === 0) return []
  return tx<ImageRow[]>`
    delete from images i
    where i.user_id = ${userId} and i.url = any(${urls})
      and not exists (select 1 from listings l where l.user_id = ${userId} and i.url = any(l.images))
    returning ${tx.unsafe(COLUMNS)}`
}

/** Deletes every image row of the user; returns them so their files can be removed once the transaction commits. */
export async function deleteUserImages(tx: Tx, userId: number): Promise<ImageRow[]> {
  return tx<ImageRow[]>`delete from images where user_id = ${userId} returning ${tx.unsafe(COLUMNS)}`
}

/** A photo as eBay gets it: our stored file, and eBay's own copy when one was uploaded. */
export interface EbayPictureRow {
  url: string
  key: string
  ebayPictureUrl: string | null
  ebayPictureExpiresAt: Date | null
}

export async function findEbayPictures(sql: Sql, userId: number, urls: string[]): Promise<EbayPictureRow[]> {
  return sql<EbayPictureRow[]>`
    select distinct on (url) url, key, ebay_picture_url, ebay_picture_expires_at
    from images where user_id = ${userId} and url = any(${urls})
    order by url, ebay_picture_url nulls last`
}

export async function saveEbayPicture(sql: Sql, userId: number, url: string, picture: { url: string; expiresAt: Date | null }): Promise<void> {
  await sql`
    update images set ebay_picture_url = ${picture.url}, ebay_picture_expires_at = ${picture.expiresAt}
    where user_id = ${userId} and url = ${url}`
}
