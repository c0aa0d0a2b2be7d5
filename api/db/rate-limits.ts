// SQL for fixed-window counters. A window that has run out restarts at the next hit. A counter's key is its name
// and what it counts, the latter lowercased here by Postgres, as the users table's lookups lowercase names.
import type { Sql, Tx } from './client.ts'

export interface Counter {
  hits: number
  resetAt: Date
}

/**
 * Counts one hit on each counter and returns their counts, in one statement (one round trip however many rules a
 * limit has), in the order given.
 */
export async function hitCounters(
  sql: Sql | Tx,
  hits: { name: string; subject: string; windowSeconds: number }[],
): Promise<Counter[]> {
  if (hits.length === 0) return []
  return sql<Counter[]>`
    with wanted as (
      select name || ':' || lower(subject) as key, window_seconds, position
      from unnest(${sql.array(hits.map((hit) => hit.name))}::text[], ${sql.array(hits.map((hit) => hit.subject))}::text[],
                  ${sql.array(hits.map((hit) => hit.windowSeconds))}::int[]) with ordinality as h(name, subject, window_seconds, position)
    ), counted as (
      insert into rate_limits (key, hits, reset_at)
      select key, 1, now() + make_interval(secs => window_seconds) from wanted
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning key, hits, reset_at
    )
    select counted.hits, counted.reset_at from wanted join counted using (key) order by wanted.position`
}

/** Takes one hit back off a counter whose window is still running. */
export async function unhitCounter(sql: Sql, name: string, subject: string): Promise<void> {
  await sql`
    update rate_limits set hits = hits - 1
    where key = ${name} || ':' || lower(${subject}) and reset_at > now() and hits > 0`
}

export async function clearCounter(sql: Sql, name: string, subject: string): Promise<void> {
  await sql`delete from rate_limits where key = ${name} || ':' || lower(${subject})`
}

/** Deletes the counters whose window has run out (a later hit starts a new one anyway); returns how many. */
export async function deleteExpiredCounters(sql: Sql): Promise<number> {
  const result = await sql`delete from rate_limits where reset_at <= now()`
  return result.count
}
