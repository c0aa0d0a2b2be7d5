// Migration 0072 (issue 51, decision 0080): a markdown's price waiting for a marketplace's bulk call. Applied to the
// schema before it with a run already made: its changes were sent by revisions, so none waits; a new change marked
// waiting is found by the index's condition and unmarked once answered; all of it goes with the seller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0072_markdown_bulk_sending.sql'
let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION))
}, 60_000)
afterAll(() => db?.close())

describe('migration 0072: a markdown sent in a bulk call', () => {
  it('leaves the changes made before as sent, and marks and unmarks a new one', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('mona', 'mona@example.com', 'Mona', 'Seller', 'x') returning id`
    const userId = user!.id
    const listings = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color, price)
      values (${userId}, 'Coat', 'clothing', 'Red', 60), (${userId}, 'Hat', 'clothing', 'Red', 20) returning id`
    const [run] = await db.sql<{ id: number }[]>`insert into markdown_runs (user_id) values (${userId}) returning id`
    await db.sql`insert into markdown_changes (listing_id, step, run_id, from_cents, to_cents, floor_cents)
      values (${listings[0]!.id}, 1, ${run!.id}, 6000, 5400, 4000)`
    await apply(MIGRATION)

    expect(await db.sql`select listing_id, bulk_sending from markdown_changes`).toEqual([
      { listingId: listings[0]!.id, bulkSending: false },
    ])
    await db.sql`insert into markdown_changes (listing_id, step, run_id, from_cents, to_cents, floor_cents, bulk_sending)
      values (${listings[1]!.id}, 1, ${run!.id}, 2000, 1800, 1500, true)`
    const waiting = () => db.sql`select listing_id from markdown_changes where run_id = ${run!.id} and bulk_sending`
    expect(await waiting()).toEqual([{ listingId: listings[1]!.id }])
    await db.sql`update markdown_changes set bulk_sending = false where listing_id = ${listings[1]!.id}`
    expect(await waiting()).toEqual([])

    await db.sql`delete from users where id = ${userId}`
    expect(await db.sql`select 1 from markdown_changes`).toEqual([])
  })
})
