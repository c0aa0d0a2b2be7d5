// What the seller's labels carry (docs/decisions/0044): their own listings among the ids, in the order asked.
import type { Labels } from '../../contract/labels.ts'
import type { Sql } from '../../db/client.ts'
import { labelsOf } from '../../db/labels.ts'

export function createLabels(sql: Sql) {
  return async function labelsFor(userId: number, ids: number[]): Promise<Labels> {
    const found = new Map((await labelsOf(sql, userId, ids)).map((label) => [label.id, label]))
    return { labels: ids.flatMap((id) => found.get(id) ?? []) }
  }
}

export type LabelsFor = ReturnType<typeof createLabels>
