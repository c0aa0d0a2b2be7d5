// What the seller's labels carry (docs/decisions/0044): their own listings among the ids, in the order asked, and where
// they fall on the stock: Start at label N leaves the first sheet's N - 1 positions empty, already peeled off.
import { LABEL_STOCKS, type Labels, type LabelsQuery } from '../../contract/labels.ts'
import type { Sql } from '../../db/client.ts'
import { labelsOf } from '../../db/labels.ts'

export type LabelsFor = (userId: number, { ids, paper, start }: LabelsQuery) => Promise<Labels>

export function createLabels(sql: Sql): LabelsFor {
  return async function labelsFor(userId: number, { ids, paper, start }: LabelsQuery): Promise<Labels> {
    const found = new Map((await labelsOf(sql, userId, ids)).map((label) => [label.id, label]))
    const labels = ids.flatMap((id) => found.get(id) ?? [])
    const blanks = start - 1
    const sheets = labels.length === 0 ? 0 : Math.ceil((blanks + labels.length) / LABEL_STOCKS[paper].perSheet)
    return { labels, blanks, sheets }
  }
}
