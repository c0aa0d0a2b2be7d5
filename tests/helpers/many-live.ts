// Hundreds of listings live on eBay without publishing each one: a listing published through the app is copied in the
// database and in the eBay stand-in, each copy with its own SKU, offer and eBay listing (the bulk actions' tests and
// bench, where publishing 1,000 one by one would take minutes and measure nothing they are about).
import { randomInt } from 'node:crypto'
import type { Sql } from '../../api/db/client.ts'
import { ebaySkuPrefix } from '../../api/db/ebay-install-identity.ts'
import { newEbaySku } from '../../api/services/ebay/sku.ts'
import type { FakeEbay } from '../fakes/ebay.ts'

// Columns a copy gets its own of (the rest are the published listing's).
const OWN = new Set(['id', 'client_id', 'created_at', 'sku'])

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
    select details ->> 'sku' as sku, details ->> 'offerId' as offer_id from listing_places
    where listing_id = ${sourceId} and marketplace = 'ebay'`
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
  const values = copies.map((copy) => [copy.id, copy.sku, copy.offerId, copy.ebayId])
  await sql`
    insert into listing_places (listing_id, marketplace, external_id, state, quantity_sent, details)
    select l.id, 'ebay', copy.ebay_id, 'live', l.quantity, jsonb_build_object('sku', copy.sku, 'offerId', copy.offer_id)
    from (values ${sql(values)}) as copy (id, sku, offer_id, ebay_id) join listings l on l.id = copy.id::int`
  return copies.map((copy) => copy.id)
}
