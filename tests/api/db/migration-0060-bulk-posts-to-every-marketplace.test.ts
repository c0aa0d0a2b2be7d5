// Migration 0060 (decision 0064): a database of the schema before, holding a seller's eBay bulk post (one listing
// posted, one still queued), keeps it under the new names, each item eBay's, the queued one said not sent (its job's
// queue is gone); a listing can then have an item per marketplace in one request, and no marketplace outside the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0060_bulk_posts_to_every_marketplace.sql'

let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION))
}, 60_000)
afterAll(() => db?.close())

describe.skipIf(process.env.TEST_DB === 'postgres')('migration 0060: bulk posts to every marketplace', () => {
  it('keeps an eBay bulk post under way and lets a listing have an item per marketplace', async () => {
    const [seller] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('sam', 'sam@example.com', 'Sam', 'Seller', 'x') returning id`
    const userId = seller!.id
    const [tee, cap] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color)
      values (${userId}, 'Tee', 'clothing', 'Black'), (${userId}, 'Cap', 'clothing', 'Red') returning id`
    const [post] = await db.sql<{ id: number }[]>`
      insert into ebay_bulk_posts (user_id, client_id) values (${userId}, gen_random_uuid()) returning id`
    await db.sql`
      insert into ebay_bulk_post_items (bulk_post_id, listing_id, position, status, view_url)
      values (${post!.id}, ${tee!.id}, 0, 'posted', 'https://sandbox.ebay.com/itm/1'),
        (${post!.id}, ${cap!.id}, 1, 'queued', null)`
    await apply(MIGRATION)

    expect(
      await db.sql`select listing_id, marketplace, status, code, view_url from bulk_post_items order by position`,
    ).toEqual([
      {
        listingId: tee!.id,
        marketplace: 'ebay',
        status: 'posted',
        code: null,
        viewUrl: 'https://sandbox.ebay.com/itm/1',
      },
      { listingId: cap!.id, marketplace: 'ebay', status: 'refused', code: 'bulk_post_interrupted', viewUrl: null },
    ])
    await db.sql`insert into bulk_post_items (bulk_post_id, listing_id, marketplace, position)
      values (${post!.id}, ${cap!.id}, 'etsy', 1)`
    await expect(db.sql`insert into bulk_post_items (bulk_post_id, listing_id, marketplace, position)
      values (${post!.id}, ${cap!.id}, 'etsy', 1)`).rejects.toMatchObject({ code: '23505' })
    await expect(db.sql`insert into bulk_post_items (bulk_post_id, listing_id, marketplace, position)
      values (${post!.id}, ${cap!.id}, 'depop', 1)`).rejects.toMatchObject({ code: '23503' })
    await db.sql`delete from users where id = ${userId}`
    expect(await db.sql`select count(*)::int as count from bulk_post_items`).toEqual([{ count: 0 }])
  })
})
