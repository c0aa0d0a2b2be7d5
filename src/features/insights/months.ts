// How the Insights write months and take their days (amounts: src/lib/money.ts).

/** 'YYYY-MM' as the seller reads it: "Nov 2026". */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** The first and last day of 'YYYY-MM'. */
export function daysOfMonth(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` }
}
