// SQL for ebay_lookup_cache: eBay's answers kept some hours (category suggestions, market searches, catalog products).
import type { Sql } from './client.ts'

export type LookupKind = 'category_suggestion' | 'market_search' | 'catalog_product'

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

/** Drops entries older than maxAgeMs (housekeeping). */
export async function purgeLookups(sql: Sql, maxAgeMs: number): Promise<number> {
  const rows =
    await sql`delete from ebay_lookup_cache where fetched_at < now() - make_interval(secs => ${maxAgeMs / 1000}) returning 1`
  return rows.length
}
