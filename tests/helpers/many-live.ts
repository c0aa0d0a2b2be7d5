// Hundreds of listings live on eBay without publishing each one: a listing published through the app is copied in the
// database and in the eBay stand-in, each copy with its own SKU, offer and eBay listing (the bulk actions' tests and
// bench, where publishing 1,000 one by one would take minutes and measure nothing they are about).
import { randomInt } from 'node:crypto'
import type { Sql } from '../../api/db/client.ts'
import { ebaySkuPrefix } from '../../api/db/install-identity.ts'
import { newEbaySku } from '../../api/services/ebay/sku.ts'
import type { FakeEbay } from '../fakes/ebay.ts'

// Columns a copy gets its own of (the rest are the published listing's).
const OWN = new Set(['id', 'client_id', 'created_at', 'sku', 'ebay_sku', 'ebay_offer_id', 'platform_listing_id'])

/** Copies the seller's published listing `sourceId` `count` times; answers the copies' ids, oldest first. */
export async function copyLiveListing(
  sql: Sql,
  fake: FakeEbay,
  grant: string,
  sourceId: number,
  count: number,
): Promise<number[]> {
  const columns = (
    await sql<{ name: string }[]>`
      select column_name as name from information_schema.columns
      where table_name = 'listings' and table_schema = current_schema() and is_generated = 'NEVER'`
  )
    .map((row) => row.name)
    .filter((name) => !OWN.has(name))
  const list = sql.unsafe(columns.map((name) => `"${name}"`).join(', '))
  const rows = await sql<{ id: number }[]>`
    insert into listings (${list}, created_at)
    select ${list}, now() + make_interval(secs => n) from listings, generate_series(1, ${count}) as n
    where id = ${sourceId} order by n returning id`
  const [source] = await sql<{ sku: string; offerId: string }[]>`
    select ebay_sku as sku, ebay_offer_id as offer_id from listings where id = ${sourceId}`
  const inventory = fake.inventory(grant)
  const item = inventory.items.get(source!.sku)!
  const offer = inventory.offers.get(source!.offerId)!
  const prefix = await ebaySkuPrefix(sql)
  const copies = rows.map(({ id }) => ({
    id,
    sku: newEbaySku(prefix, id),
    offerId: String(randomInt(1_000_000_000, 9_999_999_999)),
    ebayId: String(randomInt(100_000_000_000, 999_999_999_999)),
  }))
  for (const copy of copies) {
    inventory.items.set(copy.sku, structuredClone(item))
    inventory.offers.set(copy.offerId, {
      ...structuredClone(offer),
      offerId: copy.offerId,
      sku: copy.sku,
      listingId: copy.ebayId,
    })
    fake.sell.listings.set(copy.ebayId, { seller: grant, sku: copy.sku })
  }
  const values = copies.map((copy) => [copy.id, copy.sku, copy.offerId, `ebay-${copy.ebayId}`])
  await sql`
    update listings set ebay_sku = copy.sku, ebay_offer_id = copy.offer_id, platform_listing_id = copy.platform_id
    from (values ${sql(values)}) as copy (id, sku, offer_id, platform_id) where listings.id = copy.id::int`
  await sql`
    insert into ebay_revisions (listing_id, status, sent_quantity)
    select id, 'done', quantity from listings where id = any(${copies.map((copy) => copy.id)}::int[])`
  return copies.map((copy) => copy.id)
}
