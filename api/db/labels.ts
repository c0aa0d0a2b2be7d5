// SQL for printable labels (docs/decisions/0044): what a label carries, of the seller's own listings among the ids.
import type { Label } from '../contract/labels.ts'
import type { Sql } from './client.ts'

export const labelsOf = (sql: Sql, userId: number, ids: number[]) =>
  sql<Label[]>`
    select id, sku, title, bin from listings
    where user_id = ${userId} and deleting_since is null and id = any(${ids}::int[])`
