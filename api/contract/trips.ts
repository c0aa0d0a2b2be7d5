// The seller's business drives (issue 52, docs/decisions/0061): the day, why, and the miles, typed or from two
// odometer readings, optionally for a haul (the phone's id of it). GET/POST /api/trips, PATCH/DELETE /api/trips/{id};
// the year's deduction is its miles at the year's rate (mileage.ts). Miles are sent as decimals, kept in tenths.
import * as v from 'valibot'
import type { MileageRate } from './mileage.ts'
import { calendarDay } from './listing-field-schemas.ts'
import { clientIdSchema, dayCursorSchema, optionalText, requiredText, yearTextSchema } from './tax-year-inputs.ts'

export const TRIP_PURPOSE_MAX = 120
/** One trip's most miles: a day's drive. */
export const TRIP_MILES_MAX = 2000
/** An odometer's most miles. */
export const ODOMETER_MAX = 9_999_999
export const TRIPS_PAGE = 50

/** Miles as typed: blank is null; otherwise 0.1 to `max`, at most one decimal; kept in tenths. */
const miles = (label: string, max: number, min: number) => {
  const message = `${label} must be a number of miles like 12.4`
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.pipe(v.string(message), v.trim())])), null),
    v.transform((input) => (input === null || input === '' ? null : Number(input))),
    v.check((value) => value === null || Number.isFinite(value), message),
    v.check((value) => value === null || Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, message),
    v.check((value) => value === null || value >= min, `${label} must be at least ${min}`),
    v.check((value) => value === null || value <= max, `${label} must be at most ${max.toLocaleString('en-US')}`),
    v.transform((value) => (value === null ? null : Math.round(value * 10))),
  )
}

const fields = {
  drivenOn: v.pipe(
    calendarDay({ label: 'Date' }),
    v.check((day) => day !== null, 'Date is required'),
    v.transform((day) => day!),
  ),
  purpose: requiredText('Purpose', TRIP_PURPOSE_MAX),
  miles: miles('Miles', TRIP_MILES_MAX, 0.1),
  odometerStart: miles('Odometer at the start', ODOMETER_MAX, 0),
  odometerEnd: miles('Odometer at the end', ODOMETER_MAX, 0),
  haulId: v.pipe(
    v.optional(v.nullable(v.string('haulId must be a UUID')), null),
    v.check((id) => id === null || v.is(clientIdSchema, id), 'haulId must be a UUID'),
  ),
}

/** The miles of a trip as sent: typed, or the odometer's end less its start; both given, they must agree. */
export function tripMilesOf(trip: { miles: number | null; odometerStart: number | null; odometerEnd: number | null }) {
  const { miles: typed, odometerStart: start, odometerEnd: end } = trip
  if ((start === null) !== (end === null)) return 'Enter both odometer readings, or the miles'
  const read = start === null || end === null ? null : end - start
  if (read !== null && read <= 0) return 'The odometer at the end must be more than at the start'
  if (read !== null && read > TRIP_MILES_MAX * 10)
    return `Miles must be at most ${TRIP_MILES_MAX.toLocaleString('en-US')}`
  if (typed !== null && read !== null && typed !== read) return 'The miles and the odometer readings disagree'
  return typed ?? read ?? 'Enter the miles, or the odometer at the start and the end'
}

export const TripInputSchema = v.pipe(
  v.object({ clientId: clientIdSchema, ...fields }),
  v.forward(
    v.check(
      (trip) => typeof tripMilesOf(trip) === 'number',
      (issue) => String(tripMilesOf(issue.input as Parameters<typeof tripMilesOf>[0])),
    ),
    ['miles'],
  ),
  v.transform((trip) => ({ ...trip, milesTenths: tripMilesOf(trip) as number })),
)
export type TripFormValues = v.InferInput<typeof TripInputSchema>
export type TripInput = v.InferOutput<typeof TripInputSchema>

/** Any of the fields; at least one. Miles and odometer readings are checked against each other with the stored trip. */
export const TripEditSchema = v.pipe(
  v.partial(v.object(fields)),
  v.check((edit) => Object.keys(edit).length > 0, 'Send at least one field to change'),
)
export type TripEdit = v.InferOutput<typeof TripEditSchema>

export const TripsQuerySchema = v.object({
  year: yearTextSchema,
  q: optionalText('q', 100),
  after: v.optional(dayCursorSchema),
})
export type TripsQuery = v.InferOutput<typeof TripsQuerySchema>

export interface Trip {
  id: number
  clientId: string
  drivenOn: string
  purpose: string
  milesTenths: number
  odometerStartTenths: number | null
  odometerEndTenths: number | null
  haulId: string | null
}

export interface TripsPage {
  trips: Trip[]
  next: string | null
  year: number
  /** The year's miles (all its trips, whatever the search), in tenths. */
  milesTenths: number
  rate: MileageRate
  deductionCents: number
}
