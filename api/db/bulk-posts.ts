// SQL for bulk_posts and their items (a listing on a marketplace each): scoped to the owner wherever a request names one.
import type { BulkPostItem } from '../contract/bulk-post.ts'
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql, Tx } from './client.ts'

/** Makes the request's row; with a clientId the seller already used, makes nothing and answers undefined. */
export async function insertBulkPost(tx: Tx, userId: number, clientId: string): Promise<number | undefined> {
  const [row] = await tx<{ id: number }[]>`
    insert into bulk_posts (user_id, client_id) values (${userId}, ${clientId})
    on conflict (user_id, client_id) do nothing returning id`
  return row?.id
}

/**
 * How many of the seller's listings wait to be posted (anywhere). Holds the seller's row until the transaction ends,
 * so two requests at once count one after the other and cannot both pass the cap (decision 0007).
 */
export async function lockAndCountQueued(tx: Tx, userId: number): Promise<number> {
  await tx`select 1 from users where id = ${userId} for no key update`
  const [row] = await tx<{ count: number }[]>`
    select count(distinct (item.bulk_post_id, item.listing_id))::int as count
    from bulk_post_items item join bulk_posts post on post.id = item.bulk_post_id
    where post.user_id = ${userId} and item.status = 'queued'`
  return row!.count
}

export async function findBulkPostByClientId(sql: Sql, userId: number, clientId: string): Promise<number | undefined> {
  const [row] = await sql<
    { id: number }[]
  >`select id from bulk_posts where user_id = ${userId} and client_id = ${clientId}`
  return row?.id
}

/** A row per listing and marketplace it goes to, the listings in the order asked. */
export async function insertBulkPostItems(
  tx: Tx,
  bulkPostId: number,
  listings: { listingId: number; marketplaces: readonly Platform[] }[],
): Promise<void> {
  const rows = listings.flatMap(({ listingId, marketplaces }, position) =>
    marketplaces.map((marketplace) => ({ bulk_post_id: bulkPostId, listing_id: listingId, marketplace, position })),
  )
  await tx`insert into bulk_post_items ${tx(rows)}`
}

/** The request's items in the order asked, with their titles; undefined when it is not the seller's. */
export async function findBulkPostItems(
  sql: Sql,
  userId: number,
  bulkPostId: number,
): Promise<BulkPostItem[] | undefined> {
  const [owned] = await sql`select 1 from bulk_posts where id = ${bulkPostId} and user_id = ${userId}`
  if (!owned) return undefined
  return sql<BulkPostItem[]>`
    select item.listing_id, listing.title, item.marketplace, item.status, item.code, item.message, item.view_url
    from bulk_post_items item join listings listing on listing.id = item.listing_id
    where item.bulk_post_id = ${bulkPostId} order by item.position, item.marketplace`
}

export async function recordBulkPostItem(
  sql: Sql,
  item: { bulkPostId: number; listingId: number; marketplace: Platform },
  outcome: { status: 'posted'; viewUrl: string } | { status: 'refused'; code: string; message: string },
): Promise<void> {
  await sql`
    update bulk_post_items set status = ${outcome.status},
      view_url = ${outcome.status === 'posted' ? outcome.viewUrl : null},
      code = ${outcome.status === 'refused' ? outcome.code : null},
      message = ${outcome.status === 'refused' ? outcome.message : null}
    where bulk_post_id = ${item.bulkPostId} and listing_id = ${item.listingId} and marketplace = ${item.marketplace}`
}
