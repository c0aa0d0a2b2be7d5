// How the tax year writes amounts: dollars and cents, always (a tax form is read to the cent); miles to a tenth.
import { exactMoney } from '../../lib/money.ts'

export const dollars = (cents: number) => exactMoney(cents / 100)
export const milesText = (tenths: number) => `${(tenths / 10).toFixed(1)} mi`
export const rateText = (tenthCents: number | null) => (tenthCents === null ? 'not set' : `${tenthCents / 10}¢ a mile`)
export const card =
  'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm print:border-0 print:p-0 print:shadow-none'
