// Migration 0062 (issue 48, decision 0067): eBay's columns on listings and ebay_revisions move into listing_places and
// are dropped. An install upgraded from the schema before it keeps every listing exactly: listings live, sold, ended
// and being revised on eBay, live on Etsy and on both, sold on Etsy, a revision eBay refused and a publish stopped half
// way are made with the migrations before it, then migrated; each keeps its places, its status, SPEC's fields, where
// its change stands on eBay, its live filters and its history, and eBay's writers go on from there. Runs on PGlite,
// and on the Postgres server when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import type { ListingPage } from '../../../api/contract/listing-search.ts'
import * as revisions from '../../../api/db/ebay-revisions.ts'
import { findEbayState, findEbaySku, markEndedOnEbay } from '../../../api/db/listing-ebay-state.ts'
import { searchListingsJson } from '../../../api/db/listing-search.ts'
import { findListing } from '../../../api/db/listings.ts'
import { recordSale } from '../../../api/db/marketplace-sales.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'
import { expectedFilters, filters, history, ITEM_URL } from '../../helpers/upgrade-checks.ts'

let db: Database
let apply: (file: string) => Promise<void>
let applyFrom: (file: string, until?: string) => Promise<void>
const MIGRATION = '0062_ebay_place_is_the_store.sql'
/** Etsy's place moves next (its own test): this one checks the schema up to it. */
const ETSY_PLACE_STORED = '0064'
const LISTING_STEPS = '0065_listing_steps.sql'

beforeAll(async () => {
  ;({ db, apply, applyFrom } = await schemaBefore(MIGRATION, { onServer: true }))
}, 60_000)
afterAll(() => db?.close())

interface Before {
  platformStatus?: string
  platformListingId?: string
  soldOn?: string
  quantity?: number
  sku?: string
  offerId?: string
  /** ebay_revisions' row, as a revision job leaves it. */
  revision?: Partial<Record<'requested' | 'sent' | 'sending' | 'revisionsThatDay', number>> & {
    stage?: string
    status: string
    message?: string
    sentQuantity: number
    leasedUntil?: Date
  }
  etsy?: { status: string; externalId: string; quantitySent: number }
}

/** A listing as eBay's and Etsy's writers left it before 0062, with a change event of its own. */
async function listingBefore(userId: number, title: string, before: Before): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`
    insert into listings (user_id, title, category, color, quantity, platform_status, platform_listing_id, sold_on,
      sold_at, sold_price_cents, ebay_sku, ebay_offer_id)
    values (${userId}, ${title}, 'Jackets', 'Blue', ${before.quantity ?? 1}, ${before.platformStatus ?? null},
      ${before.platformListingId ?? null}, ${before.soldOn ?? null},
      ${before.soldOn ? new Date('2026-12-01T10:00:00Z') : null}, ${before.soldOn ? 4200 : null},
      ${before.sku ?? null}, ${before.offerId ?? null})
    returning id`
  const id = row!.id
  const r = before.revision
  if (r)
    await db.sql`
      insert into ebay_revisions (listing_id, requested, sent, sending, stage, status, message, sent_quantity,
        leased_by, leased_until, revision_day, revisions_that_day, updated_at)
      values (${id}, ${r.requested ?? 0}, ${r.sent ?? 0}, ${r.sending ?? null}, ${r.stage ?? null}, ${r.status},
        ${r.message ?? null}, ${r.sentQuantity}, ${r.leasedUntil ? 'a-job' : null}, ${r.leasedUntil ?? null},
        (now() at time zone 'America/Los_Angeles')::date, ${r.revisionsThatDay ?? 0}, now() - interval '1 hour')`
  if (before.etsy)
    await db.sql`
      insert into listing_marketplaces (listing_id, marketplace, external_id, status, url, quantity_sent, stage)
      values (${id}, 'etsy', ${before.etsy.externalId}, ${before.etsy.status},
        ${`https://www.etsy.com/listing/${before.etsy.externalId}`}, ${before.etsy.quantitySent}, 'done')`
  if (before.soldOn)
    await db.sql`
      insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id,
        sold_at)
      values (${before.soldOn}, ${`sale-${id}`}, ${userId}, ${id}, 1, 4200, ${`order-${id}`}, '2026-12-01T10:00:00Z')`
  await db.sql`
    insert into change_events (user_id, kind, listing_id, data) values (${userId}, 'listing-updated', ${id}, '{}')`
  return id
}

const places = () =>
  db.sql`
    select listing_id, marketplace, external_id, state, url, quantity_sent, revision_state, details from listing_places
    order by listing_id, marketplace`
/** What the API's answers say of the listing (SPEC's fields, its status and where its change stands on eBay). */
const shown = (row: Record<string, unknown>) => ({
  status: row.status,
  liveMask: row.liveMask,
  platformStatus: row.platformStatus,
  platformListingId: row.platformListingId,
  ebayRevisionStatus: row.ebayRevisionStatus,
  ebayRevisionMessage: row.ebayRevisionMessage,
  sku: row.sku,
  offerId: row.offerId,
})

describe('migration 0062: eBay written to its place', () => {
  it('keeps every listing exactly, and eBay’s writers go on from its place', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('upgrader', 'upgrader@example.com', 'A', 'B', 'x') returning id`
    const userId = user!.id
    const live = { platformStatus: 'active', sku: 'snaplistabcdefghij1', offerId: '7001' }
    const ids = {
      ready: await listingBefore(userId, 'Ready', {}),
      liveOnEbay: await listingBefore(userId, 'Live on eBay', {
        ...live,
        platformListingId: 'ebay-111',
        revision: { status: 'done', sentQuantity: 1 },
      }),
      soldOnEbay: await listingBefore(userId, 'Sold on eBay', {
        ...live,
        platformStatus: 'sold',
        platformListingId: 'ebay-222',
        soldOn: 'ebay',
        quantity: 0,
        sku: 'snaplistabcdefghij2',
      }),
      endedOnEbay: await listingBefore(userId, 'Ended on eBay', {
        ...live,
        platformStatus: 'ended',
        platformListingId: 'ebay-333',
        sku: 'snaplistabcdefghij3',
      }),
      revising: await listingBefore(userId, 'Being revised', {
        ...live,
        platformListingId: 'ebay-444',
        quantity: 3,
        sku: 'snaplistabcdefghij4',
        offerId: '7004',
        // A job died after the inventory call of change 2, its lease run out: the sweep's to finish.
        revision: {
          requested: 2,
          sent: 1,
          sending: 2,
          stage: 'offer',
          status: 'pending',
          sentQuantity: 2,
          revisionsThatDay: 3,
          leasedUntil: new Date(Date.now() - 60_000),
        },
      }),
      refused: await listingBefore(userId, 'Revision refused', {
        ...live,
        platformListingId: 'ebay-555',
        sku: 'snaplistabcdefghij5',
        revision: { requested: 1, sent: 1, status: 'refused', message: 'The title is too long.', sentQuantity: 1 },
      }),
      liveOnEtsy: await listingBefore(userId, 'Live on Etsy', {
        etsy: { status: 'active', externalId: '9001', quantitySent: 1 },
      }),
      liveOnBoth: await listingBefore(userId, 'Live on both', {
        ...live,
        platformListingId: 'ebay-666',
        sku: 'snaplistabcdefghij6',
        etsy: { status: 'active', externalId: '9002', quantitySent: 1 },
      }),
      soldOnEtsy: await listingBefore(userId, 'Sold on Etsy', {
        platformStatus: 'sold',
        platformListingId: 'ebay-777',
        soldOn: 'etsy',
        quantity: 0,
        etsy: { status: 'sold', externalId: '9003', quantitySent: 0 },
      }),
      halfWay: await listingBefore(userId, 'eBay publish stopped half way', {
        sku: 'snaplistabcdefghij8',
        offerId: '7008',
      }),
    }
    const before = await db.sql<Record<string, unknown>[]>`
      select l.id, dashboard_status as status, live_mask, platform_status, platform_listing_id, ebay_sku as sku,
        ebay_offer_id as offer_id, (select status from ebay_revisions where listing_id = l.id and requested > 0)
          as ebay_revision_status,
        (select message from ebay_revisions where listing_id = l.id and requested > 0) as ebay_revision_message
      from listings l order by id`
    const placesBefore = await places()
    const historyBefore = await history(db.sql)
    const revisionBefore = await db.sql`
      select listing_id, requested, sent, sending, stage, status, message, sent_quantity, revisions_that_day as sent_today
      from ebay_revisions where listing_id = ${ids.revising}`
    await applyFrom(MIGRATION, ETSY_PLACE_STORED)
    // The writers below record a listing's steps too (decision 0073): its table, which depends on neither place.
    await apply(LISTING_STEPS)

    // Each place as it was, and the publish stopped half way has its eBay place now, with its SKU and offer.
    expect(await places()).toEqual(
      [
        ...placesBefore,
        {
          listingId: ids.halfWay,
          marketplace: 'ebay',
          externalId: null,
          state: 'publishing',
          url: null,
          quantitySent: null,
          revisionState: null,
          details: { sku: 'snaplistabcdefghij8', offerId: '7008' },
        },
      ].sort((a, b) => (a.listingId as number) - (b.listingId as number)),
    )
    for (const row of before) {
      const id = row.id as number
      const listing = (await findListing(db.sql, userId, id))!
      const [mask] = await db.sql<{ liveMask: number }[]>`select live_mask from listings where id = ${id}`
      expect(
        shown({
          ...listing,
          liveMask: mask!.liveMask,
          sku: await findEbaySku(db.sql, id),
          offerId: (await findEbayState(db.sql, id)).ebayOfferId,
        }),
      ).toEqual(shown(row))
    }
    expect(await history(db.sql)).toEqual(historyBefore)
    expect(await filters(db.sql, userId)).toEqual(expectedFilters(before))
    // The live listing's eBay link, and its eBay SKU found by the search.
    const [liveOnEbay] = (
      JSON.parse(
        await searchListingsJson(db.sql, userId, { q: 'snaplistabcdefghij1', sort: 'newest' }, ITEM_URL),
      ) as ListingPage
    ).listings
    expect(liveOnEbay).toMatchObject({ id: ids.liveOnEbay, viewUrl: `${ITEM_URL}111` })

    // The revision that stalled is found by the sweep and finished where it was: change 2, its offer call.
    expect(await revisions.findStalled(db.sql, 30)).toEqual([ids.revising])
    const { row } = await revisions.claim(db.sql, ids.revising, 'the-sweep', 60)
    expect(row).toEqual(revisionBefore[0])
    expect(await revisions.finish(db.sql, ids.revising, 'the-sweep', 2, null)).toBeUndefined()
    expect((await findListing(db.sql, userId, ids.revising))!.ebayRevisionStatus).toBe('done')

    // eBay's writers write its place: ended on eBay, the listing live on both is live on Etsy still; a sale of the last
    // piece on eBay makes the live one sold out there, and Sold.
    await markEndedOnEbay(db.sql, ids.liveOnBoth)
    expect(await findListing(db.sql, userId, ids.liveOnBoth)).toMatchObject({
      status: 'live',
      platformStatus: 'ended',
      places: [
        { marketplace: 'ebay', state: 'ended' },
        { marketplace: 'etsy', state: 'live' },
      ],
    })
    await db.sql.begin((tx) =>
      recordSale(tx, userId, ids.liveOnEbay, {
        marketplace: 'ebay',
        saleId: 'order-9#0',
        orderId: 'order-9',
        quantity: 1,
        unitPriceCents: 3000,
        soldAt: new Date(),
      }),
    )
    expect(await findListing(db.sql, userId, ids.liveOnEbay)).toMatchObject({
      status: 'sold',
      platformStatus: 'sold',
      platformListingId: 'ebay-111',
      places: [{ marketplace: 'ebay', state: 'sold_out' }],
    })
    expect((await filters(db.sql, userId)).counts).toMatchObject({
      live: 4,
      'live-on-ebay': 2,
      'live-on-etsy': 2,
      sold: 3,
    })
  })
})
