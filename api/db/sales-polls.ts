// SQL for sales_polls: how far each seller's sales were read on each marketplace. The next read starts from here (less
// the marketplace's overlap), or from when they connected.
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql } from './client.ts'

/** Where the next read of the seller's sales there starts: the last read's start, else when they connected. */
export async function findPolledUntil(sql: Sql, userId: number, marketplace: Platform): Promise<Date | undefined> {
  const [row] = await sql<{ from: Date }[]>`
    select coalesce(p.polled_until, c.created_at) as from
    from marketplace_connections c
      left join sales_polls p on p.user_id = c.user_id and p.marketplace = c.platform
    where c.user_id = ${userId} and c.platform = ${marketplace}`
  return row?.from
}

/** Never moves back: two reads ending out of order keep the later start. */
export async function savePolledUntil(sql: Sql, userId: number, marketplace: Platform, until: Date): Promise<void> {
  await sql`
    insert into sales_polls (user_id, marketplace, polled_until) values (${userId}, ${marketplace}, ${until})
    on conflict (user_id, marketplace) do update
      set polled_until = greatest(sales_polls.polled_until, excluded.polled_until), updated_at = now()`
}
