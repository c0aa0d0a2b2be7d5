// The tax year as a spreadsheet (issue 52, docs/decisions/0061): the same figures GET /api/tax-years/{year} answers,
// laid out by Schedule C's lines, then what each line is made of, each marketplace's reconciliation with its 1099-K,
// and the note that it is not tax advice. Written by the books' CSV writer (csv.ts), money as dollars and cents.
import { SOLD_ON_LABELS } from '../../contract/listing.ts'
import type { TaxYear } from '../../contract/tax-year.ts'
import { BOM, csvRows, type Cell } from '../exports/csv.ts'

export const TAX_YEAR_COLUMNS = ['Section', 'Line', 'Item', 'Amount'] as const

const money = (cents: number) => ({ cents })
const miles = (tenths: number) => (tenths / 10).toFixed(1)

export function taxYearCsv(year: TaxYear): string {
  const rows: Cell[][] = [
    ...year.scheduleC.map((row) => ['Schedule C', row.line, row.label, money(row.cents)]),
    ['Cost of goods sold', '35', 'Inventory at the start of the year', money(year.cogs.startCents)],
    ['Cost of goods sold', '36', 'Purchases', money(year.cogs.boughtCents)],
    ['Cost of goods sold', '41', 'Inventory at the end of the year', money(year.cogs.endCents)],
    ['Cost of goods sold', '42', 'Cost of goods sold', money(year.cogs.cogsCents)],
    ['Car and truck', '44a', 'Business miles', miles(year.mileage.milesTenths)],
    [
      'Car and truck',
      '9',
      `Rate: ${year.mileage.rate.tenthCentsPerMile === null ? 'not set' : `${year.mileage.rate.tenthCentsPerMile / 10}¢ a mile`} (${year.mileage.rate.source})`,
      money(year.mileage.deductionCents),
    ],
    ...year.expenses.map((category) => [
      category.line === 'supplies' ? 'Supplies' : 'Other expenses',
      category.line === 'supplies' ? '22' : '27a',
      category.label,
      money(category.amountCents),
    ]),
    ['Other expenses', '27a', 'Marketplace fees', money(year.feesCents)],
    ['Other expenses', '27a', 'Shipping labels bought on a marketplace', money(year.labelCents)],
    ...year.marketplaces.flatMap((each) => {
      const name = SOLD_ON_LABELS[each.marketplace]
      const sales: Cell[][] = [
        [`Sales: ${name}`, '1', 'Gross receipts', money(each.grossReceiptsCents)],
        [`Sales: ${name}`, '2', 'Refunds', money(each.refundsCents)],
      ]
      if (!each.form1099k) return sales
      return [
        ...sales,
        ...each.form1099k.lines.map((line) => [`${name} 1099-K`, '', line.label, money(line.cents)]),
        [`${name} 1099-K`, '', `Gross ${name} reports on its 1099-K`, money(each.form1099k.grossCents)],
      ]
    }),
    ['Note', '', year.notTaxAdvice, null],
  ]
  return BOM + csvRows([TAX_YEAR_COLUMNS, ...rows])
}
