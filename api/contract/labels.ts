// Printable labels for bins and bags (issue 32, docs/decisions/0044): GET /api/labels?ids=1,2,3 answers, for the
// seller's own listings among those ids, what a label carries: the SKU (printed as a QR code and as text), the title and
// the bin. Ids are asked in the order they are to be printed.
import * as v from 'valibot'
import { idListSchema } from './id-list.ts'

/** Labels on one sheet's worth of pages at most: a selection on the Dashboard is a few hundred listings. */
export const LABELS_MAX = 300

export const LabelsQuerySchema = v.object({ ids: idListSchema(LABELS_MAX) })
export type LabelsQuery = v.InferOutput<typeof LabelsQuerySchema>

export interface Label {
  id: number
  sku: string
  title: string
  bin: string
}

export interface Labels {
  /** In the order asked; ids that are not the seller's listings are left out. */
  labels: Label[]
}
