// Migrations 0068 (issue 51, decision 0076: offers to interested buyers) and 0070 (issue 49, decision 0078: a
// marketplace's import page by page), each applied to the schema before it on an install with a seller and a listing.
// An offer's round is taken once, never at or above the price it lowers; an import is one row per seller and
// marketplace; both go with their seller, and name only marketplaces the table knows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const OFFERS = '0068_listing_offers.sql'
const IMPORTS = '0070_marketplace_imports.sql'
let db: Database
let applyFrom: (file: string, until?: string) => Promise<void>

beforeAll(async () => {
  ;({ db, applyFrom } = await schemaBefore(OFFERS))
}, 60_000)
afterAll(() => db?.close())

const codeOf = (statement: Promise<unknown>) =>
  statement.then(
    () => 'taken',
    (error: { code?: string }) => error.code,
  )

describe('migrations 0068 and 0070: offers and imports', () => {
  it('keep an offer once per round and an import once per marketplace, for sellers there were', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('olga', 'olga@example.com', 'Olga', 'Seller', 'x') returning id`
    const userId = user!.id
    const [listing] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color, price) values (${userId}, 'Coat', 'clothing', 'Red', 60)
      returning id`
    const listingId = listing!.id
    await applyFrom(OFFERS, IMPORTS)

    const offer = (round: number, priceCents: number, marketplace = 'ebay') =>
      db.sql`
        insert into listing_offers (user_id, listing_id, marketplace, round, external_id, from_cents, price_cents,
          floor_cents, message, state)
        values (${userId}, ${listingId}, ${marketplace}, ${round}, 'item-1', 6000, ${priceCents}, 4000, '', 'sending')`
    expect(await codeOf(offer(1, 5400))).toBe('taken')
    // 23505: the round taken again (a run after a kill); 23514: an "offer" at the price; 23503: no such marketplace.
    expect(await codeOf(offer(1, 5000))).toBe('23505')
    expect(await codeOf(offer(2, 6000))).toBe('23514')
    expect(await codeOf(offer(2, 5000, 'depop'))).toBe('23503')

    await applyFrom(IMPORTS)
    const start = (marketplace: string) =>
      db.sql`insert into marketplace_imports (user_id, marketplace, status) values (${userId}, ${marketplace}, 'running')`
    expect(await codeOf(start('shopify'))).toBe('taken')
    expect(await codeOf(start('shopify'))).toBe('23505')
    expect(await codeOf(start('depop'))).toBe('23503')
    expect(
      await db.sql`select status, cursor, pages, skipped, skipped_reasons from marketplace_imports where user_id = ${userId}`,
    ).toEqual([{ status: 'running', cursor: null, pages: 0, skipped: 0, skippedReasons: [] }])

    await db.sql`delete from users where id = ${userId}`
    expect(await db.sql`select 1 from listing_offers union all select 1 from marketplace_imports`).toEqual([])
  })
})
