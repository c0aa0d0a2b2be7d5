// SQL for eBay's copy of each stored photo (the images table's ebay_picture_* columns): a photo eBay cannot fetch
// itself is uploaded once, and its copy there is remembered until it expires (services/ebay/pictures.ts).
import type { Sql } from './client.ts'

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

export async function saveEbayPicture(
  sql: Sql,
  userId: number,
  url: string,
  picture: { url: string; expiresAt: Date | null },
): Promise<void> {
  await sql`
    update images set ebay_picture_url = ${picture.url}, ebay_picture_expires_at = ${picture.expiresAt}
    where user_id = ${userId} and url = ${url}`
}
