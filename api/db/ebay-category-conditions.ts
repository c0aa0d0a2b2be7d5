// SQL for ebay_category_conditions: the item conditions eBay allows per leaf category, cached for every seller.
import type { EbayConditionOption } from '../contract/ebay-publish.ts'
import type { Sql } from './client.ts'

/** The cached conditions, unless older than maxAgeMs. */
export async function findCategoryConditions(
  sql: Sql,
  marketplaceId: string,
  categoryId: string,
  maxAgeMs: number,
): Promise<EbayConditionOption[] | undefined> {
  const [row] = await sql<{ conditions: EbayConditionOption[] }[]>`
    select conditions from ebay_category_conditions
    where marketplace_id = ${marketplaceId} and category_id = ${categoryId}
      and fetched_at > now() - make_interval(secs => ${maxAgeMs / 1000})`
  return row?.conditions
}

export async function saveCategoryConditions(
  sql: Sql,
  marketplaceId: string,
  categoryId: string,
  conditions: EbayConditionOption[],
): Promise<void> {
  await sql`
    insert into ebay_category_conditions (marketplace_id, category_id, conditions)
    values (${marketplaceId}, ${categoryId}, ${sql.json(conditions as never)})
    on conflict (marketplace_id, category_id) do update set conditions = excluded.conditions, fetched_at = now()`
}

/** Forgets a category's conditions (eBay refused one the cache allowed). */
export async function forgetCategoryConditions(sql: Sql, marketplaceId: string, categoryId: string): Promise<void> {
  await sql`delete from ebay_category_conditions where marketplace_id = ${marketplaceId} and category_id = ${categoryId}`
}
