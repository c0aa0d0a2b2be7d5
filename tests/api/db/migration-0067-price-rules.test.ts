// Migration 0067 (issue 51, decision 0075): the price rules, a listing's typed floor, and the markdown runs with their
// changes, on an install with listings already. Each listing's change is kept once per step (a run made again adds
// nothing), a change never raises a price, and a seller's or a listing's rows go with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0067_price_rules_and_markdowns.sql'
let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION))
}, 60_000)
afterAll(() => db?.close())

const codeOf = (statement: Promise<unknown>) =>
  statement.then(
    () => 'taken',
    (error: { code?: string }) => error.code,
  )

describe('migration 0067: price rules and markdowns', () => {
  it('takes rules, floors and runs beside the listings there were, once per listing and step', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('mara', 'mara@example.com', 'Mara', 'Seller', 'x') returning id`
    const userId = user!.id
    const [listing] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color, price) values (${userId}, 'Lamp', 'home', 'Brass', 40)
      returning id`
    const listingId = listing!.id
    await apply(MIGRATION)

    await db.sql`insert into price_rules (user_id, rules) values (${userId}, ${db.sql.json({ minimumProfit: 5 })})`
    await db.sql`insert into listing_floors (listing_id, floor_cents) values (${listingId}, 2500)`
    const [run] = await db.sql<{ id: number }[]>`insert into markdown_runs (user_id) values (${userId}) returning id`
    const change = (toCents: number) =>
      db.sql`
        insert into markdown_changes (listing_id, step, run_id, from_cents, to_cents, floor_cents)
        values (${listingId}, 1, ${run!.id}, 4000, ${toCents}, 2500)`
    expect(await codeOf(change(3600))).toBe('taken')
    // 23505: the same step again; 23514: a "markdown" that raises the price; 0 is no floor at all.
    expect(await codeOf(change(3200))).toBe('23505')
    expect(
      await codeOf(db.sql`
        insert into markdown_changes (listing_id, step, run_id, from_cents, to_cents, floor_cents)
        values (${listingId}, 2, ${run!.id}, 3600, 3800, 2500)`),
    ).toBe('23514')
    expect(await codeOf(db.sql`update listing_floors set floor_cents = 0 where listing_id = ${listingId}`)).toBe(
      '23514',
    )

    await db.sql`delete from listings where id = ${listingId}`
    expect(await db.sql`select 1 from listing_floors union all select 1 from markdown_changes`).toEqual([])
    await db.sql`delete from users where id = ${userId}`
    expect(await db.sql`select 1 from price_rules union all select 1 from markdown_runs`).toEqual([])
  })
})
