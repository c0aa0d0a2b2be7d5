// Migration 0054 (issue 48): an install upgraded from the schema before it keeps every listing exactly. Listings live,
// sold, ended and being revised on eBay, live on Etsy and on both are made with the migrations before it, then
// migrated: each has its places, its status (live when live anywhere) and its history. Runs on PGlite, and on the
// Postgres server when DATABASE_URL is set (a schema of its own there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const PLACES_MIGRATION = '0054_listing_places.sql'
// 0062 moved eBay's writers onto the places and retired the columns this test writes (its own upgrade test).
const EBAY_COLUMNS_RETIRED = '0062'

let db: Database
let applyFrom: (file: string, until?: string) => Promise<void>
beforeAll(async () => {
  ;({ db, applyFrom } = await schemaBefore(PLACES_MIGRATION, { onServer: true }))
}, 60_000)
afterAll(() => db?.close())

interface Before {
  platformStatus?: string | null
  platformListingId?: string | null
  soldOn?: string | null
  quantity?: number
  /** ebay_revisions: changes asked for, the last eBay has, where it stands, the pieces eBay was told. */
  revision?: { requested: number; sent: number; status: string; sentQuantity: number }
  /** listing_marketplaces' Etsy row. */
  etsy?: { status: string; externalId: string | null; url: string | null; quantitySent: number | null }
}

async function listingBefore(userId: number, title: string, before: Before): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`
    insert into listings (user_id, title, category, color, quantity, platform_status, platform_listing_id, sold_on,
      sold_at, sold_price_cents)
    values (${userId}, ${title}, 'Jackets', 'Blue', ${before.quantity ?? 1}, ${before.platformStatus ?? null},
      ${before.platformListingId ?? null}, ${before.soldOn ?? null},
      ${before.soldOn ? new Date('2026-12-01T10:00:00Z') : null}, ${before.soldOn ? 4200 : null})
    returning id`
  const id = row!.id
  if (before.revision)
    await db.sql`
      insert into ebay_revisions (listing_id, requested, sent, status, sent_quantity)
      values (${id}, ${before.revision.requested}, ${before.revision.sent}, ${before.revision.status},
        ${before.revision.sentQuantity})`
  if (before.etsy)
    await db.sql`
      insert into listing_marketplaces (listing_id, marketplace, external_id, status, url, quantity_sent, stage)
      values (${id}, 'etsy', ${before.etsy.externalId}, ${before.etsy.status}, ${before.etsy.url},
        ${before.etsy.quantitySent}, ${before.etsy.externalId ? 'done' : 'create'})`
  if (before.soldOn)
    await db.sql`
      insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id,
        sold_at)
      values (${before.soldOn}, ${`sale-${id}`}, ${userId}, ${id}, 1, 4200, ${`order-${id}`}, '2026-12-01T10:00:00Z')`
  return id
}

const placesOf = (id: number) =>
  db.sql`
    select marketplace, external_id, state, url, quantity_sent, revision_state from listing_places
    where listing_id = ${id} order by marketplace`

describe('migration 0054: one listing, many places', () => {
  it('gives every listing its places and its status from them, and keeps its history', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('upgrader', 'upgrader@example.com', 'A', 'B', 'x') returning id`
    const userId = user!.id
    const etsyLive = { status: 'active', externalId: '9001', url: 'https://www.etsy.com/listing/9001', quantitySent: 1 }
    const ids = {
      ready: await listingBefore(userId, 'Ready', {}),
      liveOnEbay: await listingBefore(userId, 'Live on eBay', {
        platformStatus: 'active',
        platformListingId: 'ebay-111',
        revision: { requested: 0, sent: 0, status: 'done', sentQuantity: 1 },
      }),
      soldOnEbay: await listingBefore(userId, 'Sold on eBay', {
        platformStatus: 'sold',
        platformListingId: 'ebay-222',
        soldOn: 'ebay',
        quantity: 0,
      }),
      endedOnEbay: await listingBefore(userId, 'Ended on eBay', {
        platformStatus: 'ended',
        platformListingId: 'ebay-333',
      }),
      revising: await listingBefore(userId, 'Being revised', {
        platformStatus: 'active',
        platformListingId: 'ebay-444',
        quantity: 3,
        revision: { requested: 2, sent: 1, status: 'pending', sentQuantity: 2 },
      }),
      liveOnEtsy: await listingBefore(userId, 'Live on Etsy', { etsy: etsyLive }),
      liveOnBoth: await listingBefore(userId, 'Live on both', {
        platformStatus: 'active',
        platformListingId: 'ebay-666',
        etsy: { ...etsyLive, externalId: '9002', url: 'https://www.etsy.com/listing/9002' },
      }),
      soldOnEtsy: await listingBefore(userId, 'Sold on Etsy', {
        platformStatus: 'sold',
        platformListingId: 'ebay-777',
        soldOn: 'etsy',
        quantity: 0,
        etsy: { status: 'sold', externalId: '9003', url: null, quantitySent: 0 },
      }),
      etsyHalfWay: await listingBefore(userId, 'Etsy stopped half way', {
        etsy: { status: 'draft', externalId: null, url: null, quantitySent: null },
      }),
    }
    const versions = await db.sql`select id, version, quantity, sold_at from listings order by id`

    await applyFrom(PLACES_MIGRATION, EBAY_COLUMNS_RETIRED)

    const place = (marketplace: string, externalId: string | null, state: string, more: object = {}) => ({
      marketplace,
      externalId,
      state,
      url: null,
      quantitySent: null,
      revisionState: null,
      ...more,
    })
    expect(await placesOf(ids.ready)).toEqual([])
    expect(await placesOf(ids.liveOnEbay)).toEqual([place('ebay', '111', 'live', { quantitySent: 1 })])
    expect(await placesOf(ids.soldOnEbay)).toEqual([place('ebay', '222', 'sold_out')])
    expect(await placesOf(ids.endedOnEbay)).toEqual([place('ebay', '333', 'ended')])
    expect(await placesOf(ids.revising)).toEqual([
      place('ebay', '444', 'live', { quantitySent: 2, revisionState: 'pending' }),
    ])
    expect(await placesOf(ids.liveOnEtsy)).toEqual([
      place('etsy', '9001', 'live', { url: etsyLive.url, quantitySent: 1 }),
    ])
    expect(await placesOf(ids.liveOnBoth)).toEqual([
      place('ebay', '666', 'live'),
      place('etsy', '9002', 'live', { url: 'https://www.etsy.com/listing/9002', quantitySent: 1 }),
    ])
    // Sold on Etsy: sold out there, and eBay's listing was ended for it (it is not eBay's sale).
    expect(await placesOf(ids.soldOnEtsy)).toEqual([
      place('ebay', '777', 'ended'),
      place('etsy', '9003', 'sold_out', { quantitySent: 0 }),
    ])
    expect(await placesOf(ids.etsyHalfWay)).toEqual([place('etsy', null, 'publishing')])

    const statusOf = async (id: number) =>
      (
        await db.sql<{ status: string; places: { state: string; marketplace: string }[] }[]>`
          select dashboard_status as status, platform_status, platform_listing_id, sold_on,
            (sold_price_cents / 100.0)::float8 as sold_price, quantity,
            (select coalesce(json_agg(json_build_object('marketplace', p.marketplace, 'state', p.state)
              order by p.marketplace), '[]') from listing_places p where p.listing_id = listings.id) as places
          from listings where id = ${id}`
      )[0]!
    const expected = {
      ready: ['ready', []],
      liveOnEbay: ['live', ['ebay']],
      soldOnEbay: ['sold', []],
      endedOnEbay: ['ended', []],
      revising: ['live', ['ebay']],
      liveOnEtsy: ['live', ['etsy']],
      liveOnBoth: ['live', ['ebay', 'etsy']],
      soldOnEtsy: ['sold', []],
      etsyHalfWay: ['ready', []],
    } as const
    for (const [name, [status, liveOn]] of Object.entries(expected)) {
      const listing = await statusOf(ids[name as keyof typeof ids])
      expect({ name, status: listing.status }).toEqual({ name, status })
      expect({ name, liveOn: listing.places.filter((p) => p.state === 'live').map((p) => p.marketplace) }).toEqual({
        name,
        liveOn,
      })
    }
    // The SPEC's fields as before, and the history: edits counted, stock, sales, eBay's revision.
    expect(await statusOf(ids.soldOnEtsy)).toMatchObject({
      platformStatus: 'sold',
      platformListingId: 'ebay-777',
      soldOn: 'etsy',
      soldPrice: 42,
      quantity: 0,
    })
    expect(await db.sql`select id, version, quantity, sold_at from listings order by id`).toEqual(versions)
    expect(await db.sql`select listing_id from marketplace_sales order by listing_id`).toEqual([
      { listingId: ids.soldOnEbay },
      { listingId: ids.soldOnEtsy },
    ])
    expect(await db.sql`select requested, sent, status from ebay_revisions where listing_id = ${ids.revising}`).toEqual(
      [{ requested: 2, sent: 1, status: 'pending' }],
    )

    // From now on the places follow eBay's and Etsy's writers: ended on eBay, it is live on Etsy still.
    await db.sql`update listings set platform_status = 'ended' where id = ${ids.liveOnBoth} and platform_status = 'active'`
    expect((await statusOf(ids.liveOnBoth)).status).toBe('live')
    await db.sql`update listing_marketplaces set status = 'inactive' where listing_id = ${ids.liveOnBoth}`
    expect(await placesOf(ids.liveOnBoth)).toMatchObject([{ state: 'ended' }, { state: 'ended' }])
    expect((await statusOf(ids.liveOnBoth)).status).toBe('ended')
    await db.sql`delete from listing_marketplaces where listing_id = ${ids.liveOnEtsy}`
    expect(await placesOf(ids.liveOnEtsy)).toEqual([])
    expect((await statusOf(ids.liveOnEtsy)).status).toBe('ready')
  })
})
