// Migration 0053 (issue 47 item 11b): a waist is typed laid flat and the listing doubles it. The waists saved before,
// typed doubled as the hint asked then, become their half, so each listing still says the waist it said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'
import { listedMeasurement } from '../../../api/contract/measurements.ts'

const WAIST_MIGRATION = '0053_book_details_and_waist_laid_flat.sql'

let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(WAIST_MIGRATION))
}, 60_000)
afterAll(() => db?.close())

describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0053: a waist laid flat', () => {
  it('halves the waists saved before, so the listing says the same waist; leaves the rest and blank ones', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('waist', 'waist@example.com', 'A', 'B', 'x') returning id`
    const waists = ['32', '30.5', '81', '32.25', '']
    for (const waist of waists)
      await db.sql`insert into listings (user_id, title, category, color, waist, inseam, pit_to_pit)
                   values (${user!.id}, 'Jeans', 'clothing', 'blue', ${waist}, '30', '20')`
    const before = await db.sql<{ version: number }[]>`select version from listings order by id`
    await apply(WAIST_MIGRATION)

    const rows = await db.sql<
      { waist: string; inseam: string; pitToPit: string; version: number }[]
    >`select waist, inseam, pit_to_pit, version from listings order by id`
    expect(rows.map((row) => row.waist)).toEqual(['16', '15.25', '40.5', '16.13', ''])
    // What each listing says: the waist it said before (one a hundredth past a half, to the hundredth).
    expect(rows.slice(0, 3).map((row) => listedMeasurement('waist', row.waist))).toEqual(['32', '30.5', '81'])
    expect(rows.every((row) => row.inseam === '30' && row.pitToPit === '20')).toBe(true)
    // A waist changed is an edit: the version counts it; a blank one is no change.
    expect(rows.map((row, index) => row.version - before[index]!.version)).toEqual([1, 1, 1, 1, 0])
  })
})
