// The seller's business drives (issue 52, docs/decisions/0061): made once per phone id, changed (the miles checked
// again against the odometer readings as they will stand), deleted, and listed with the year's miles, the rate they are
// deducted at (the seller's, else the IRS's) and the deduction.
import { deductionCents, rateFor, type MileageRate } from '../../contract/mileage.ts'
import { dayCursorOf } from '../../contract/tax-year-inputs.ts'
import {
  TRIPS_PAGE,
  tripMilesOf,
  type Trip,
  type TripEdit,
  type TripInput,
  type TripsPage,
  type TripsQuery,
} from '../../contract/trips.ts'
import type { Sql } from '../../db/client.ts'
import * as trips from '../../db/trips.ts'
import { badRequest, notFound } from '../../errors.ts'

const NOT_FOUND = 'That trip was not found. It may have been deleted.'

/** The year's miles, the rate and the deduction: what the trips list and the tax year both say. */
export async function yearMileage(sql: Sql, userId: number, year: number) {
  const [{ milesTenths, trips: count }, sellerRate] = await Promise.all([
    trips.yearMiles(sql, userId, year),
    trips.sellerRate(sql, userId, year),
  ])
  const rate = rateFor(year, sellerRate)
  return { milesTenths, trips: count, rate, deductionCents: deductionCents(milesTenths, rate.tenthCentsPerMile) }
}

export interface TripsService {
  create(userId: number, input: TripInput): Promise<{ trip: Trip; created: boolean }>
  update(userId: number, id: number, edit: TripEdit): Promise<Trip>
  remove(userId: number, id: number): Promise<void>
  list(userId: number, query: TripsQuery): Promise<TripsPage>
  /** Sets (or, with null, removes) the seller's rate for the year; answers the year's mileage as it now is. */
  setRate(
    userId: number,
    year: number,
    tenthCents: number | null,
  ): Promise<{ milesTenths: number; trips: number; rate: MileageRate; deductionCents: number }>
}

export function createTrips(sql: Sql): TripsService {
  return {
    create: (userId: number, input: TripInput) =>
      trips.insertTrip(sql, userId, input.clientId, {
        drivenOn: input.drivenOn,
        purpose: input.purpose,
        milesTenths: input.milesTenths,
        odometerStart: input.odometerStart,
        odometerEnd: input.odometerEnd,
        haulId: input.haulId,
      }),

    async update(userId: number, id: number, edit: TripEdit): Promise<Trip> {
      const before = await trips.findTrip(sql, userId, id)
      if (!before) throw notFound(NOT_FOUND)
      // Typed miles replace the readings; new readings replace typed miles; otherwise what was there stays.
      const readings = edit.odometerStart !== undefined || edit.odometerEnd !== undefined
      const odometerStart = readings
        ? (edit.odometerStart ?? null)
        : edit.miles != null
          ? null
          : before.odometerStartTenths
      const odometerEnd = readings ? (edit.odometerEnd ?? null) : edit.miles != null ? null : before.odometerEndTenths
      const miles = edit.miles !== undefined ? edit.miles : readings ? null : before.milesTenths
      const milesTenths = tripMilesOf({ miles, odometerStart, odometerEnd })
      if (typeof milesTenths === 'string') throw badRequest(`${milesTenths}.`, { miles: milesTenths })
      const after = await trips.replaceTrip(sql, userId, id, {
        drivenOn: edit.drivenOn ?? before.drivenOn,
        purpose: edit.purpose ?? before.purpose,
        milesTenths,
        odometerStart,
        odometerEnd,
        haulId: edit.haulId !== undefined ? edit.haulId : before.haulId,
      })
      if (!after) throw notFound(NOT_FOUND)
      return after
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await trips.deleteTrip(sql, userId, id))) throw notFound(NOT_FOUND)
    },

    async list(userId: number, query: TripsQuery): Promise<TripsPage> {
      const [rows, mileage] = await Promise.all([
        trips.tripsPage(sql, userId, query.year, query.q, query.after ?? null, TRIPS_PAGE),
        yearMileage(sql, userId, query.year),
      ])
      const last = rows.at(-1)
      return {
        trips: rows,
        next: rows.length === TRIPS_PAGE && last ? dayCursorOf({ day: last.drivenOn, id: last.id }) : null,
        year: query.year,
        milesTenths: mileage.milesTenths,
        rate: mileage.rate,
        deductionCents: mileage.deductionCents,
      }
    },

    async setRate(userId: number, year: number, tenthCents: number | null) {
      await trips.setSellerRate(sql, userId, year, tenthCents)
      return yearMileage(sql, userId, year)
    },
  }
}
