// SQL for fixed-window counters. A window that has run out restarts at the next hit.
import type { Sql } from './client.ts'

export interface Counter {
  hits: number
  resetAt: Date
}

export async function readCounter(sql: Sql, key: string): Promise<Counter | undefined> {
  const [row] = await sql<Counter[]>`select hits, reset_at from rate_limits where key = ${key} and reset_at > now()`
  return row
}

export async function hitCounter(sql: Sql, key: string, windowSeconds: number): Promise<Counter> {
  const [row] = await sql<Counter[]>`
    insert into rate_limits (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning hits, reset_at`
  return row!
}

export async function clearCounter(sql: Sql, key: string): Promise<void> {
  await sql`delete from rate_limits where key = ${key}`
}

/** Deletes the counters whose window has run out (a later hit starts a new one anyway); returns how many. */
export async function deleteExpiredCounters(sql: Sql): Promise<number> {
  const result = await sql`delete from rate_limits where reset_at <= now()`
  return result.count
}
