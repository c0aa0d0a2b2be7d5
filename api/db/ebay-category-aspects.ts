// SQL for ebay_category_aspects: eBay's item aspects per leaf category, cached for every seller.
import type { Sql } from './client.ts'

export interface CategoryAspect {
  name: string
  required: boolean
  /** SELECTION_ONLY aspects take only these values (eBay's spelling); empty for free text. */
  allowedValues: string[]
}

/** The cached aspects, unless older than maxAgeMs. */
export async function findCategoryAspects(
  sql: Sql,
  treeId: string,
  categoryId: string,
  maxAgeMs: number,
): Promise<CategoryAspect[] | undefined> {
  const [row] = await sql<{ aspects: CategoryAspect[] }[]>`
    select aspects from ebay_category_aspects
    where category_tree_id = ${treeId} and category_id = ${categoryId}
      and fetched_at > now() - make_interval(secs => ${maxAgeMs / 1000})`
  return row?.aspects
}

export async function saveCategoryAspects(
  sql: Sql,
  treeId: string,
  categoryId: string,
  aspects: CategoryAspect[],
): Promise<void> {
  await sql`
    insert into ebay_category_aspects (category_tree_id, category_id, aspects)
    values (${treeId}, ${categoryId}, ${sql.json(aspects as never)})
    on conflict (category_tree_id, category_id) do update set aspects = excluded.aspects, fetched_at = now()`
}

/** Forgets a category's aspects (eBay asked for one the cache did not list). */
export async function forgetCategoryAspects(sql: Sql, treeId: string, categoryId: string): Promise<void> {
  await sql`delete from ebay_category_aspects where category_tree_id = ${treeId} and category_id = ${categoryId}`
}
