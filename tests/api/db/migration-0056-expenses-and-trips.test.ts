// Migration 0056 (issue 52): the expenses, trips and mileage rates tables, added to a database of the schema before,
// where a seller already exists: their records keep to the books' rules (cents above 0, the categories, miles that
// agree with the odometer) and go with the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0056_expenses_and_trips.sql'

let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION))
}, 60_000)
afterAll(() => db?.close())

describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0056: expenses and trips', () => {
  it('adds the tables to an existing seller’s database and keeps their rules', async () => {
    const [seller] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('sam', 'sam@example.com', 'Sam', 'Seller', 'x') returning id`
    await apply(MIGRATION)
    const userId = seller!.id
    await db.sql`
      insert into expenses (user_id, client_id, spent_on, amount_cents, category)
      values (${userId}, gen_random_uuid(), '2026-01-02', 1250, 'packaging')`
    await expect(db.sql`
      insert into expenses (user_id, client_id, spent_on, amount_cents, category)
      values (${userId}, gen_random_uuid(), '2026-01-02', 0, 'packaging')`).rejects.toMatchObject({ code: '23514' })
    await expect(db.sql`
      insert into expenses (user_id, client_id, spent_on, amount_cents, category)
      values (${userId}, gen_random_uuid(), '2026-01-02', 100, 'lunch')`).rejects.toMatchObject({ code: '23514' })
    await db.sql`
      insert into trips (user_id, client_id, driven_on, purpose, miles_tenths, odometer_start_tenths, odometer_end_tenths)
      values (${userId}, gen_random_uuid(), '2026-01-03', 'Thrift', 100, 1000, 1100)`
    await expect(db.sql`
      insert into trips (user_id, client_id, driven_on, purpose, miles_tenths, odometer_start_tenths, odometer_end_tenths)
      values (${userId}, gen_random_uuid(), '2026-01-03', 'Thrift', 90, 1000, 1100)`).rejects.toMatchObject({
      code: '23514',
    })
    await db.sql`insert into mileage_rates (user_id, year, tenth_cents_per_mile) values (${userId}, 2026, 725)`
    await db.sql`delete from users where id = ${userId}`
    const left = await db.sql`
      select (select count(*) from expenses)::int as expenses, (select count(*) from trips)::int as trips,
        (select count(*) from mileage_rates)::int as rates`
    expect(left[0]).toEqual({ expenses: 0, trips: 0, rates: 0 })
  })
})
