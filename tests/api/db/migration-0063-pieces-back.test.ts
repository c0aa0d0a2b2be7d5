// Migration 0063 (issue 50): pieces given back, returns and the relist setting, added to a database of the schema
// before: a sale cancelled before counts all its pieces given back, one not cancelled none; the marks hold together;
// every seller puts a cancelled sale back up unless they turn it off.
import { readdir, readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../../api/db/client.ts'

const MIGRATIONS = new URL('../../../api/db/migrations/', import.meta.url)
const MIGRATION = '0063_pieces_back_returns_and_relist_setting.sql'

let db: Database
const apply = async (file: string) => db.sql.unsafe(await readFile(new URL(file, MIGRATIONS), 'utf8')).simple()

beforeAll(async () => {
  db = await openDatabase({ pgliteDir: 'memory://' })
  const earlier = (await readdir(MIGRATIONS)).filter((name) => /^\d{4}_/.test(name) && name < MIGRATION).sort()
  for (const file of earlier) await apply(file)
}, 60_000)
afterAll(() => db?.close())

describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0063: pieces back, returns, the relist setting', () => {
  it('takes a cancelled sale as every piece back, keeps the others, and holds the marks together', async () => {
    const [seller] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('sam', 'sam@example.com', 'Sam', 'Seller', 'x') returning id`
    const userId = seller!.id
    const [listing] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color, quantity)
      values (${userId}, 'Blue denim jacket', 'Jackets', 'Blue', 0) returning id`
    await db.sql`
      insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id,
        sold_at, cancelled_at, restocked)
      values ('ebay', 'a#0', ${userId}, ${listing!.id}, 2, 3500, 'a', now(), now(), 2),
        ('ebay', 'b#0', ${userId}, ${listing!.id}, 3, 3500, 'b', now(), null, null)`
    await apply(MIGRATION)
    expect(
      await db.sql`select sale_id, cancelled_pieces, return_state from marketplace_sales order by sale_id`,
    ).toEqual([
      { saleId: 'a#0', cancelledPieces: 2, returnState: null },
      { saleId: 'b#0', cancelledPieces: 0, returnState: null },
    ])
    expect(await db.sql`select relist_cancelled from users`).toEqual([{ relistCancelled: true }])
    // One piece of three back: not cancelled whole, and its pieces back said.
    await db.sql`update marketplace_sales set cancelled_pieces = 1, restocked = 1 where sale_id = 'b#0'`
    await expect(db.sql`update marketplace_sales set cancelled_at = now() where sale_id = 'b#0'`).rejects.toMatchObject(
      { code: '23514' },
    )
    await expect(db.sql`update marketplace_sales set cancelled_pieces = 4 where sale_id = 'b#0'`).rejects.toMatchObject(
      { code: '23514' },
    )
    await expect(
      db.sql`update marketplace_sales set return_state = 'reported' where sale_id = 'b#0'`,
    ).rejects.toMatchObject({ code: '23514' })
    await expect(
      db.sql`update marketplace_sales set return_state = 'damaged', return_pieces = 1 where sale_id = 'b#0'`,
    ).rejects.toMatchObject({ code: '23514' })
    await db.sql`update marketplace_sales set return_state = 'damaged', return_pieces = 2, returned_at = now(),
      cancelled_pieces = 3, cancelled_at = now() where sale_id = 'b#0'`
  })
})
