// SQL for fixed-window counters. A window that has run out restarts at the next hit. A counter's key is its name
// and what it counts, the latter lowercased here by Postgres, as the users table's lookups lowercase names.
import type { Sql } from './client.ts'

export interface Counter {
  hits: number
  resetAt: Date
}

/** Counts one hit and returns the count, in one statement: parallel requests each see their own number. */
export async function hitCounter(sql: Sql, name: string, subject: string, windowSeconds: number): Promise<Counter> {
  const [row] = await sql<Counter[]>`
    insert into rate_limits (key, hits, reset_at)
    values (${name} || ':' || lower(${subject}), 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning hits, reset_at`
  return row!
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
