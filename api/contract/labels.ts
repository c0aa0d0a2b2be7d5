// Printable labels for bins and bags (issue 32, docs/decisions/0044): GET /api/labels?ids=1,2,3 answers, for the
// seller's own listings among those ids, what a label carries: the SKU (printed as a QR code and as text), the title and
// the bin. Ids are asked in the order they are to be printed, on a label stock (a sheet, or a thermal roll), from a
// position of the first sheet (issue 47: a sheet half used last time is not wasted).
import * as v from 'valibot'
import { idListSchema } from './id-list.ts'

/** Labels on one sheet's worth of pages at most: a selection on the Dashboard is a few hundred listings. */
export const LABELS_MAX = 300

/** The label stocks Snaplist lays out, with how many labels one page of each holds. */
export const LABEL_STOCKS = {
  letter: { name: 'Letter (Avery 5160, 30 a sheet)', perSheet: 30 },
  a4: { name: 'A4 (L7160, 21 a sheet)', perSheet: 21 },
  thermal: { name: '2 × 1 in thermal labels (one a label)', perSheet: 1 },
} as const
export type LabelStock = keyof typeof LABEL_STOCKS
const STOCK_NAMES = Object.keys(LABEL_STOCKS) as LabelStock[]

/** What "Start at label" may be on a stock: a position of its first sheet, and only 1 on a roll. */
export const startMessage = (stock: LabelStock) =>
  LABEL_STOCKS[stock].perSheet === 1
    ? 'Start at label must be 1 on thermal labels: the printer starts at its next label'
    : `Start at label must be a whole number from 1 to ${LABEL_STOCKS[stock].perSheet}, the labels on one sheet`

export const LabelsQuerySchema = v.pipe(
  v.object({
    ids: idListSchema(LABELS_MAX),
    paper: v.optional(v.picklist(STOCK_NAMES, `paper must be one of ${STOCK_NAMES.join(', ')}`), 'letter'),
    // Digits only, as a query string carries them; checked against the paper's sheet below.
    start: v.optional(
      v.pipe(
        v.string('Start at label must be a whole number'),
        v.regex(/^\d{1,3}$/, 'Start at label must be a whole number'),
        v.transform(Number),
      ),
      '1',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['paper'], ['start']],
      ({ paper, start }) => start >= 1 && start <= LABEL_STOCKS[paper].perSheet,
      (issue) => startMessage((issue.input as { paper: LabelStock }).paper),
    ),
    ['start'],
  ),
)
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
  /** The positions of the first sheet left empty before the first label (Start at label N leaves N - 1). */
  blanks: number
  /** The pages the labels take on their stock: sheets, or labels off a roll. */
  sheets: number
}
