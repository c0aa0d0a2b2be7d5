// Days from and to, both included and either left out (from the first, to the last): what the sales CSV and the
// Insights are asked for. Days are UTC days, YYYY-MM-DD.
import * as v from 'valibot'
import { calendarDay } from './listing-field-schemas.ts'

export const DayRangeSchema = v.pipe(
  v.object({
    from: calendarDay({ label: 'from' }),
    to: calendarDay({ label: 'to' }),
  }),
  v.forward(
    v.check(({ from, to }) => from === null || to === null || from <= to, 'from must be on or before to'),
    ['to'],
  ),
)
export type DayRange = v.InferOutput<typeof DayRangeSchema>

/** The first instant of the day, and the first instant after the other (days are UTC), for a where clause. */
export const instantsOf = ({ from, to }: DayRange) => ({
  from: from === null ? null : new Date(`${from}T00:00:00Z`),
  until: to === null ? null : new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000),
})
