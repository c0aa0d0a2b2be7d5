// SQL for price_rules: the seller's minimum profit, shipping paid and markdown ladder (migration 0067, decision 0075),
// kept as PriceRulesSchema gave them.
import type { PriceRules } from '../contract/price-rules.ts'
import type { Sql, Tx } from './client.ts'

/** The seller's rules; undefined when never set. */
export async function findPriceRules(sql: Sql | Tx, userId: number): Promise<PriceRules | undefined> {
  const [row] = await sql<{ rules: PriceRules }[]>`select rules from price_rules where user_id = ${userId}`
  return row?.rules
}

export async function savePriceRules(sql: Sql, userId: number, rules: PriceRules): Promise<void> {
  await sql`insert into price_rules (user_id, rules) values (${userId}, ${sql.json(rules as never)})
    on conflict (user_id) do update set rules = excluded.rules, updated_at = now()`
}

/** The sellers whose ladder is on, after `afterUserId`, a page at a time (the daily run's). */
export const sellersWithLadderOn = (sql: Sql, afterUserId: number, limit: number) =>
  sql<{ userId: number }[]>`select user_id from price_rules
    where (rules -> 'ladder' ->> 'on')::boolean and user_id > ${afterUserId} order by user_id limit ${limit}`

/** The sellers whose offer rule is on, after `afterUserId`, a page at a time (the daily run's). */
export const sellersWithOffersOn = (sql: Sql, afterUserId: number, limit: number) =>
  sql<{ userId: number }[]>`select user_id from price_rules
    where coalesce((rules -> 'offers' ->> 'on')::boolean, false) and user_id > ${afterUserId}
    order by user_id limit ${limit}`
