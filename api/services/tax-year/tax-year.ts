// The seller's tax year (issue 52, docs/decisions/0061): the Insights' own sums of the year's sales (api/db/insights.ts,
// one definition of revenue, fees, labels and cost), each marketplace's reconciliation with its 1099-K, the cost of
// goods from the inventory at cost, the expenses by category, the mileage deduction, and the Schedule C lines they fill.
import { instantsOf } from '../../contract/day-range.ts'
import { EXPENSE_CATEGORIES } from '../../contract/expenses.ts'
import { SOLD_ON_LABELS, type SoldOn } from '../../contract/listing.ts'
import { NOT_TAX_ADVICE, type ScheduleCRow, type TaxYear, type TaxYearMarketplace } from '../../contract/tax-year.ts'
import type { Sql } from '../../db/client.ts'
import { expenseMonthTotals } from '../../db/expenses.ts'
import { monthSums, type MonthSums } from '../../db/insights.ts'
import { inventorySums } from '../../db/tax-year.ts'
import { yearMileage } from './trips.ts'

const sumOf = <Row>(rows: Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0)

function marketplaceYear(marketplace: SoldOn, rows: MonthSums[]): TaxYearMarketplace {
  const grossReceiptsCents = sumOf(rows, (row) => row.revenueCents)
  const shippingCents = sumOf(rows, (row) => row.shippingCents)
  const paidCents = sumOf(rows, (row) => row.paidCents)
  const salesTaxCents = sumOf(rows, (row) => row.salesTaxCents)
  const itemsCents = grossReceiptsCents - shippingCents
  const name = SOLD_ON_LABELS[marketplace]
  const lines = [
    { label: 'Items sold', cents: itemsCents },
    { label: 'Shipping charged to buyers', cents: shippingCents },
    { label: 'Orders cancelled after payment (not your income)', cents: paidCents - grossReceiptsCents },
    { label: `Sales tax ${name} collected and paid over (not your income)`, cents: salesTaxCents },
  ]
  return {
    marketplace,
    sales: sumOf(rows, (row) => row.sales),
    itemsSold: sumOf(rows, (row) => row.itemsSold),
    itemsCents,
    shippingCents,
    grossReceiptsCents,
    refundsCents: sumOf(rows, (row) => row.refundCents),
    feesCents: sumOf(rows, (row) => row.feesCents),
    labelCents: sumOf(rows, (row) => row.labelCents),
    costCents: sumOf(rows, (row) => row.costCents),
    form1099k: marketplace === 'elsewhere' ? null : { lines, grossCents: sumOf(lines, (line) => line.cents) },
  }
}

export interface TaxYears {
  summary(userId: number, year: number): Promise<TaxYear>
}

export function createTaxYears(sql: Sql): TaxYears {
  return {
    async summary(userId: number, year: number): Promise<TaxYear> {
      const from = `${year}-01-01`
      const to = `${year}-12-31`
      const range = instantsOf({ from, to })
      const [rows, inventory, spent, mileage] = await Promise.all([
        monthSums(sql, userId, range),
        inventorySums(sql, userId, range.from!, range.until!),
        expenseMonthTotals(sql, userId, { year, q: '', category: undefined }),
        yearMileage(sql, userId, year),
      ])
      const byMarketplace = new Map<SoldOn, MonthSums[]>()
      for (const row of rows) byMarketplace.set(row.marketplace, [...(byMarketplace.get(row.marketplace) ?? []), row])
      const marketplaces = [...byMarketplace].map(([marketplace, group]) => marketplaceYear(marketplace, group))

      const grossReceiptsCents = sumOf(marketplaces, (each) => each.grossReceiptsCents)
      const returnsCents = sumOf(marketplaces, (each) => each.refundsCents)
      const feesCents = sumOf(marketplaces, (each) => each.feesCents)
      const labelCents = sumOf(marketplaces, (each) => each.labelCents)
      const cogsCents = sumOf(marketplaces, (each) => each.costCents)
      const expenses = EXPENSE_CATEGORIES.map((category) => ({
        category: category.value,
        label: category.label,
        line: category.line,
        amountCents: sumOf(
          spent.filter((month) => month.category === category.value),
          (month) => month.amountCents,
        ),
      })).filter((category) => category.amountCents > 0)
      const expensesCents = sumOf(expenses, (category) => category.amountCents)
      const suppliesCents = sumOf(
        expenses.filter((category) => category.line === 'supplies'),
        (category) => category.amountCents,
      )
      const otherCents = feesCents + labelCents + expensesCents - suppliesCents
      const netProfitCents =
        grossReceiptsCents - returnsCents - cogsCents - mileage.deductionCents - suppliesCents - otherCents
      const scheduleC: ScheduleCRow[] = [
        { line: '1', label: 'Gross receipts or sales', cents: grossReceiptsCents },
        { line: '2', label: 'Returns and allowances', cents: returnsCents },
        { line: '4', label: 'Cost of goods sold', cents: cogsCents },
        { line: '9', label: 'Car and truck expenses (standard mileage rate)', cents: mileage.deductionCents },
        { line: '22', label: 'Supplies', cents: suppliesCents },
        { line: '27a', label: 'Other expenses (marketplace fees, shipping labels, other costs)', cents: otherCents },
        { line: '31', label: 'Net profit', cents: netProfitCents },
      ]
      return {
        year,
        from,
        to,
        marketplaces,
        grossReceiptsCents,
        returnsCents,
        feesCents,
        labelCents,
        cogs: { ...inventory, cogsCents, salesWithoutCost: sumOf(rows, (row) => row.salesWithoutCost) },
        expenses,
        expensesCents,
        mileage,
        netProfitCents,
        scheduleC,
        toCancel: sumOf(rows, (row) => row.toCancel),
        estimatedSales: sumOf(rows, (row) => row.estimatedSales),
        notTaxAdvice: NOT_TAX_ADVICE,
      }
    },
  }
}
