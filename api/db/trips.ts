// SQL for trips and the seller's mileage rates (docs/decisions/0061): the seller's own only; a page at a time, newest
// first; and the year's miles, which the trips list and the tax year both read.
import type { DayKey } from '../contract/tax-year-inputs.ts'
import type { Trip } from '../contract/trips.ts'
import type { Sql, Tx } from './client.ts'

const COLUMNS = `id, client_id, driven_on::text as driven_on, purpose, miles_tenths, odometer_start_tenths,
  odometer_end_tenths, haul_id`

/** A trip as stored: the miles worked out from what was sent. */
export interface TripRecord {
  drivenOn: string
  purpose: string
  milesTenths: number
  odometerStart: number | null
  odometerEnd: number | null
  haulId: string | null
}

/** Inserts the trip, or answers the one made before with the same client id (created false). */
export async function insertTrip(sql: Sql, userId: number, clientId: string, trip: TripRecord) {
  const [made] = await sql<Trip[]>`
    insert into trips (user_id, client_id, driven_on, purpose, miles_tenths, odometer_start_tenths,
      odometer_end_tenths, haul_id)
    values (${userId}, ${clientId}, ${trip.drivenOn}, ${trip.purpose}, ${trip.milesTenths}, ${trip.odometerStart},
      ${trip.odometerEnd}, ${trip.haulId})
    on conflict (user_id, client_id) do nothing returning ${sql.unsafe(COLUMNS)}`
  if (made) return { trip: made, created: true }
  const [before] = await sql<Trip[]>`
    select ${sql.unsafe(COLUMNS)} from trips where user_id = ${userId} and client_id = ${clientId}`
  return { trip: before!, created: false }
}

export const findTrip = async (sql: Sql | Tx, userId: number, id: number) =>
  (await sql<Trip[]>`select ${sql.unsafe(COLUMNS)} from trips where id = ${id} and user_id = ${userId}`)[0]

export const replaceTrip = async (sql: Sql | Tx, userId: number, id: number, trip: TripRecord) =>
  (
    await sql<Trip[]>`
      update trips set driven_on = ${trip.drivenOn}, purpose = ${trip.purpose}, miles_tenths = ${trip.milesTenths},
        odometer_start_tenths = ${trip.odometerStart}, odometer_end_tenths = ${trip.odometerEnd},
        haul_id = ${trip.haulId}, updated_at = now()
      where id = ${id} and user_id = ${userId} returning ${sql.unsafe(COLUMNS)}`
  )[0]

export const deleteTrip = async (sql: Sql | Tx, userId: number, id: number) =>
  (await sql<Trip[]>`delete from trips where id = ${id} and user_id = ${userId} returning ${sql.unsafe(COLUMNS)}`)[0]

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A page of the year's trips (matching the search in their purpose), newest first, after `after`. */
export const tripsPage = (sql: Sql, userId: number, year: number, q: string, after: DayKey | null, limit: number) =>
  sql<Trip[]>`
    select ${sql.unsafe(COLUMNS)} from trips
    where user_id = ${userId} and driven_on >= ${`${year}-01-01`}::date and driven_on <= ${`${year}-12-31`}::date
      and (${q} = '' or purpose ilike ${likeOf(q)})
      and (driven_on, id) < (${after?.day ?? '9999-12-31'}::date, ${after?.id ?? 2147483647})
    order by driven_on desc, id desc limit ${limit}`

/** The year's miles, in tenths, and how many trips. */
export const yearMiles = async (sql: Sql, userId: number, year: number) =>
  (
    await sql<{ milesTenths: number; trips: number }[]>`
      select coalesce(sum(miles_tenths), 0)::float8 as miles_tenths, count(*)::int as trips from trips
      where user_id = ${userId} and driven_on >= ${`${year}-01-01`}::date and driven_on <= ${`${year}-12-31`}::date`
  )[0]!

/** The rate the seller set for the year, in tenths of a cent a mile; null when they have not. */
export const sellerRate = async (sql: Sql, userId: number, year: number) =>
  (
    await sql<{ tenthCentsPerMile: number }[]>`
      select tenth_cents_per_mile from mileage_rates where user_id = ${userId} and year = ${year}`
  )[0]?.tenthCentsPerMile ?? null

/** Sets the seller's rate for the year, or (null) removes it so the IRS's applies. */
export async function setSellerRate(sql: Sql, userId: number, year: number, tenthCents: number | null) {
  if (tenthCents === null) await sql`delete from mileage_rates where user_id = ${userId} and year = ${year}`
  else
    await sql`
      insert into mileage_rates (user_id, year, tenth_cents_per_mile) values (${userId}, ${year}, ${tenthCents})
      on conflict (user_id, year) do update set tenth_cents_per_mile = excluded.tenth_cents_per_mile`
}
