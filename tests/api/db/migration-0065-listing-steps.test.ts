// Migration 0065 (issue 50, decision 0073): a listing's steps. An install upgraded from the schema before it has the
// steps its sales ledger already says: each sale, a sale cancelled whole, a return the seller marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0065_listing_steps.sql'
let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION))
}, 60_000)
afterAll(() => db?.close())

describe('migration 0065: listing steps', () => {
  it('reads the steps before it from the sales ledger, in the order they happened', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('sam', 'sam@example.com', 'Sam', 'Seller', 'x') returning id`
    const [listing] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color, quantity)
      values (${user!.id}, 'Blue denim jacket', 'Jackets', 'Blue', 0) returning id`
    const sale = (saleId: string, soldAt: string, more: Record<string, unknown> = {}) => ({
      marketplace: 'ebay',
      sale_id: saleId,
      user_id: user!.id,
      listing_id: listing!.id,
      quantity: 1,
      sold_at: soldAt,
      ...more,
    })
    // One insert each: a list of rows takes the first row's columns.
    for (const row of [
      sale('a', '2026-12-01T10:00:00Z', {
        cancelled_at: '2026-12-01T11:00:00Z',
        cancelled_pieces: 1,
        restocked: 1,
      }),
      sale('b', '2026-12-02T10:00:00Z', {
        return_state: 'damaged',
        return_pieces: 1,
        returned_at: '2026-12-03T10:00:00Z',
        cancelled_at: '2026-12-03T10:00:00Z',
        cancelled_pieces: 1,
        restocked: 0,
      }),
    ])
      await db.sql`insert into marketplace_sales ${db.sql(row)}`
    await apply(MIGRATION)
    const steps = await db.sql`
      select step, marketplace, pieces, at from listing_steps where listing_id = ${listing!.id} order by at, id`
    expect(steps).toEqual([
      { step: 'sold', marketplace: 'ebay', pieces: 1, at: new Date('2026-12-01T10:00:00Z') },
      { step: 'cancelled', marketplace: 'ebay', pieces: 1, at: new Date('2026-12-01T11:00:00Z') },
      { step: 'sold', marketplace: 'ebay', pieces: 1, at: new Date('2026-12-02T10:00:00Z') },
      { step: 'damaged', marketplace: 'ebay', pieces: 1, at: new Date('2026-12-03T10:00:00Z') },
    ])
  })
})
