// What the tax year's records (expenses and trips, issue 52, docs/decisions/0061) share as the seller sends them: the
// year a list is read for, the cursor of a list's next page (a record's day and id), and optional text as typed.
import * as v from 'valibot'
import { isCalendarDay } from './listing-field-schemas.ts'
import { isRowIdText } from './row-id.ts'

/** The years the books take: the first 1099-K rules this app knows, up to a generous future. */
export const TAX_YEAR_MIN = 2000
export const TAX_YEAR_MAX = 2100
const YEAR_MESSAGE = `year must be a year from ${TAX_YEAR_MIN} to ${TAX_YEAR_MAX}`

/** A year as a path or query string carries it. */
export const yearTextSchema = v.pipe(
  v.string(YEAR_MESSAGE),
  v.regex(/^\d{4}$/, YEAR_MESSAGE),
  v.transform(Number),
  v.minValue(TAX_YEAR_MIN, YEAR_MESSAGE),
  v.maxValue(TAX_YEAR_MAX, YEAR_MESSAGE),
)

export const YearParamSchema = v.object({ year: yearTextSchema })

/** A record's place in a list read newest first: its day, then its id. */
export interface DayKey {
  day: string
  id: number
}

const NOT_A_CURSOR = 'after must be the cursor a page gave'

/** `after` as the query string carries it: `YYYY-MM-DD_id`, the last record of the page before. */
export const dayCursorSchema = v.pipe(
  v.string(NOT_A_CURSOR),
  v.regex(/^\d{4}-\d{2}-\d{2}_\d{1,10}$/, NOT_A_CURSOR),
  v.check((text) => isCalendarDay(text.slice(0, 10)) && isRowIdText(text.slice(11)), NOT_A_CURSOR),
  v.transform((text): DayKey => ({ day: text.slice(0, 10), id: Number(text.slice(11)) })),
)
export const dayCursorOf = (key: DayKey) => `${key.day}_${key.id}`

/** Optional text, trimmed, at most `max` characters; blank is ''. */
export const optionalText = (label: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((text) => (text ?? '').trim()),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

/** The phone's id for a record made offline: sent again (a lost reply), it is the same record. */
export const clientIdSchema = v.pipe(v.string('clientId must be a UUID'), v.uuid('clientId must be a UUID'))

/** The search words of a list: at most 100 characters. */
export const searchSchema = optionalText('q', 100)
