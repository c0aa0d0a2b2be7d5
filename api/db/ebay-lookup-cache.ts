// SQL for ebay_lookup_cache: eBay's answers kept some hours (category suggestions and searches, market searches, catalog
// products), the same for every seller.
import type { Sql } from './client.ts'

export type LookupKind = 'category_suggestion' | 'category_search' | 'market_search' | 'catalog_product'

/** The cached value, unless older than maxAgeMs. */
export async function findLookup<T>(sql: Sql, kind: LookupKind, key: string, maxAgeMs: number): Promise<T | undefined> {
  const [row] = await sql<{ value: T }[]>`
    select value from ebay_lookup_cache
    where kind = ${kind} and key = ${key} and fetched_at > now() - make_interval(secs => ${maxAgeMs / 1000})`
  return row?.value
}

export async function saveLookup(sql: Sql, kind: LookupKind, key: string, value: unknown): Promise<void> {
  await sql`
    insert into ebay_lookup_cache (kind, key, value) values (${kind}, ${key}, ${sql.json(value as never)})
    on conflict (kind, key) do update set value = excluded.value, fetched_at = now()`
}

/**
 * Drops entries older than maxAgeMs, then all but the newest `keep` (housekeeping): however many codes and words
 * were asked, the cache stays bounded.
 */
export async function purgeLookups(sql: Sql, maxAgeMs: number, keep: number): Promise<number> {
  const old =
    await sql`delete from ebay_lookup_cache where fetched_at < now() - make_interval(secs => ${maxAgeMs / 1000}) returning 1`
  const over = await sql`
    delete from ebay_lookup_cache where (kind, key) in (
      select kind, key from ebay_lookup_cache order by fetched_at desc offset ${keep})
    returning 1`
  return old.length + over.length
}
