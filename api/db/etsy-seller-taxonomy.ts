// SQL for etsy_seller_taxonomy: Etsy's seller taxonomy as the app reads it, one row for the whole install.
import type { Sql } from './client.ts'

/** The kept taxonomy and when it was downloaded; undefined when it is older than maxAgeMs (or never was). */
export async function findSellerTaxonomy<T>(
  sql: Sql,
  maxAgeMs: number,
): Promise<{ nodes: T; fetchedAt: Date } | undefined> {
  const [row] = await sql<{ nodes: T; fetchedAt: Date }[]>`
    select nodes, fetched_at from etsy_seller_taxonomy
    where fetched_at > now() - make_interval(secs => ${maxAgeMs / 1000})`
  return row
}

export async function saveSellerTaxonomy(sql: Sql, nodes: unknown): Promise<void> {
  await sql`
    insert into etsy_seller_taxonomy (nodes) values (${sql.json(nodes as never)})
    on conflict (only_row) do update set nodes = excluded.nodes, fetched_at = now()`
}
