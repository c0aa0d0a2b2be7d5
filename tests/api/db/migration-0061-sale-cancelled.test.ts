// Migration 0061 (issue 50): a sale's cancellation, added to a database of the schema before with a seller's sales in
// it: those sales stand as they were (not cancelled), and a cancellation is its time and the pieces it put back, both
// or neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0061_sale_cancelled.sql'

let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION))
}, 60_000)
afterAll(() => db?.close())

describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0061: a sale cancelled', () => {
  it('keeps the sales before it as sold and takes a cancellation as its time and its pieces together', async () => {
    const [seller] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('sam', 'sam@example.com', 'Sam', 'Seller', 'x') returning id`
    const userId = seller!.id
    const [listing] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color, quantity)
      values (${userId}, 'Blue denim jacket', 'Jackets', 'Blue', 0) returning id`
    await db.sql`
      insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id,
        sold_at)
      values ('ebay', '12-34567-89012#0', ${userId}, ${listing!.id}, 1, 3500, '12-34567-89012', now())`
    await apply(MIGRATION)
    expect(await db.sql`select cancelled_at, restocked from marketplace_sales`).toEqual([
      { cancelledAt: null, restocked: null },
    ])
    await expect(db.sql`update marketplace_sales set cancelled_at = now()`).rejects.toMatchObject({ code: '23514' })
    await expect(db.sql`update marketplace_sales set cancelled_at = now(), restocked = -1`).rejects.toMatchObject({
      code: '23514',
    })
    await db.sql`update marketplace_sales set cancelled_at = now(), restocked = 1`
    expect(await db.sql`select restocked from marketplace_sales`).toEqual([{ restocked: 1 }])
  })
})
