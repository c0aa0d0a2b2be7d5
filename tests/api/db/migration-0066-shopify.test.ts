// Migration 0066 (issue 49, decision 0074): Shopify's row of marketplaces, the checks that named eBay and Etsy turned
// into references to that table, the store kept with a pending authorization, and the pushes taken. An install
// upgraded from the schema before it keeps its connections, authorizations and sales reads, takes Shopify's, and
// still refuses a marketplace it does not know. Runs on PGlite, and on the Postgres server when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0066_shopify.sql'
let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION, { onServer: true }))
}, 60_000)
afterAll(() => db?.close())

const refused = (statement: Promise<unknown>) =>
  statement.then(
    () => 'taken',
    (error: { code?: string }) => error.code,
  )

describe('migration 0066: Shopify', () => {
  it("keeps every connection, authorization and sales read, takes Shopify's and refuses an unknown marketplace", async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('rita', 'rita@example.com', 'Rita', 'Seller', 'x') returning id`
    const userId = user!.id
    await db.sql`insert into sessions (token_hash, user_id, expires_at) values ('s', ${userId}, now() + interval '1 day')`
    for (const platform of ['ebay', 'etsy']) {
      await db.sql`
        insert into marketplace_connections (user_id, platform, access_token, account_name)
        values (${userId}, ${platform}, 'sealed', ${`${platform} account`})`
      await db.sql`
        insert into oauth_states (state_hash, user_id, session_hash, platform, redirect_uri, expires_at)
        values (${`state-${platform}`}, ${userId}, 's', ${platform}, 'https://app.example/cb', now() + interval '10 minutes')`
      await db.sql`insert into sales_polls (user_id, marketplace, polled_until) values (${userId}, ${platform}, now())`
    }
    await apply(MIGRATION)

    expect(await db.sql`select platform, account_name from marketplace_connections order by platform`).toEqual([
      { platform: 'ebay', accountName: 'ebay account' },
      { platform: 'etsy', accountName: 'etsy account' },
    ])
    expect(await db.sql`select platform, store from oauth_states order by platform`).toEqual([
      { platform: 'ebay', store: null },
      { platform: 'etsy', store: null },
    ])
    expect(await db.sql`select marketplace from sales_polls order by marketplace`).toEqual([
      { marketplace: 'ebay' },
      { marketplace: 'etsy' },
    ])
    expect(await db.sql`select id, bit from marketplaces order by bit`).toEqual([
      { id: 'ebay', bit: 1 },
      { id: 'etsy', bit: 2 },
      { id: 'shopify', bit: 4 },
    ])

    await db.sql`
      insert into marketplace_connections (user_id, platform, access_token, account_name)
      values (${userId}, 'shopify', 'sealed', 'ritas-vintage.myshopify.com')`
    await db.sql`
      insert into oauth_states (state_hash, user_id, session_hash, platform, redirect_uri, expires_at, store)
      values ('state-shopify', ${userId}, 's', 'shopify', 'https://app.example/cb', now() + interval '10 minutes',
        'ritas-vintage.myshopify.com')`
    await db.sql`insert into sales_polls (user_id, marketplace, polled_until) values (${userId}, 'shopify', now())`
    await db.sql`insert into marketplace_push_deliveries (marketplace, delivery_id) values ('shopify', 'd-1')`
    // A delivery taken twice is one row: the second insert is the caller's "already taken".
    expect(
      await refused(
        db.sql`insert into marketplace_push_deliveries (marketplace, delivery_id) values ('shopify', 'd-1')`,
      ),
    ).toBe('23505')

    // 23503: a foreign key; 23514: a check.
    expect(
      await refused(db.sql`
        insert into marketplace_connections (user_id, platform, access_token) values (${userId}, 'poshmark', 'x')`),
    ).toBe('23503')
    expect(
      await refused(
        db.sql`insert into sales_polls (user_id, marketplace, polled_until) values (${userId}, 'depop', now())`,
      ),
    ).toBe('23503')
    const [listing] = await db.sql<{ id: number }[]>`
      insert into listings (user_id, title, category, color) values (${userId}, 'Jacket', 'other', 'Blue') returning id`
    await db.sql`update listings set sold_on = 'shopify' where id = ${listing!.id}`
    expect(await refused(db.sql`update listings set sold_on = 'depop' where id = ${listing!.id}`)).toBe('23514')
    expect(
      await refused(db.sql`
        insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, sold_at)
        values ('shopify', 'order-1', ${userId}, ${listing!.id}, 1, now())`),
    ).toBe('taken')
  })
})
