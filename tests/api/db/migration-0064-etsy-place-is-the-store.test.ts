// Migration 0064 (issue 48, decision 0071): Etsy's bookkeeping (listing_marketplaces) moves into listing_places and is
// dropped, as eBay's did in 0062. An install upgraded from the schema before it keeps every listing exactly: listings
// live, ended and sold on Etsy, half way through a publish (before and after Etsy gave an id), being revised (a job dead
// half way), with a change Etsy refused, and live on both marketplaces are made with the migrations before it, then
// migrated; each keeps its places, its status, what the API says of it on Etsy, its live filters and its history, and
// Etsy's writers go on from its place. Runs on PGlite, and on the Postgres server when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import * as etsyPlace from '../../../api/db/listing-etsy-place.ts'
import { findListing } from '../../../api/db/listings.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'
import { expectedFilters, filters, history } from '../../helpers/upgrade-checks.ts'

let db: Database
let applyFrom: (file: string) => Promise<void>
const MIGRATION = '0064_etsy_place_is_the_store.sql'
const STAGE_AT = new Date('2026-12-01T09:00:00Z')

beforeAll(async () => {
  ;({ db, applyFrom } = await schemaBefore(MIGRATION, { onServer: true }))
}, 60_000)
afterAll(() => db?.close())

/** listing_marketplaces' row, as Etsy's writers left it before 0064. */
interface EtsyRow {
  status: string
  externalId?: string
  quantitySent?: number
  stage?: string
  imagesSent?: number
  leaseUntil?: Date
  requested?: number
  sent?: number
  revisionStatus?: string
  revisionMessage?: string
  revisionLeaseUntil?: Date
}

/** A listing as the writers left it before 0064 (live on eBay when `ebayId`), with a change event of its own. */
async function listingBefore(userId: number, title: string, etsy?: EtsyRow, ebayId?: string, soldOn?: string) {
  const [row] = await db.sql<{ id: number }[]>`
    insert into listings (user_id, title, category, color, quantity, sold_out, sold_on, sold_at, sold_price_cents)
    values (${userId}, ${title}, 'Jackets', 'Blue', ${soldOn ? 0 : 2}, ${!!soldOn}, ${soldOn ?? null},
      ${soldOn ? new Date('2026-12-01T10:00:00Z') : null}, ${soldOn ? 4200 : null})
    returning id`
  const id = row!.id
  if (ebayId)
    await db.sql`
      insert into listing_places (listing_id, marketplace, external_id, state, quantity_sent, details)
      values (${id}, 'ebay', ${ebayId}, 'live', 2, ${db.sql.json({ sku: `snaplistetsyplace${id}`, offerId: '7001' })})`
  if (etsy)
    await db.sql`
      insert into listing_marketplaces (listing_id, marketplace, external_id, status, url, quantity_sent, stage,
        images_sent, stage_at, lease_until, requested, sent, revision_status, revision_message, revision_lease_until,
        updated_at)
      values (${id}, 'etsy', ${etsy.externalId ?? null}, ${etsy.status},
        ${etsy.externalId ? `https://www.etsy.com/listing/${etsy.externalId}` : null}, ${etsy.quantitySent ?? null},
        ${etsy.stage ?? 'done'}, ${etsy.imagesSent ?? 2}, ${STAGE_AT}, ${etsy.leaseUntil ?? null},
        ${etsy.requested ?? 0}, ${etsy.sent ?? 0}, ${etsy.revisionStatus ?? null}, ${etsy.revisionMessage ?? null},
        ${etsy.revisionLeaseUntil ?? null}, now() - interval '1 hour')`
  if (soldOn)
    await db.sql`
      insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id,
        sold_at)
      values (${soldOn}, ${`sale-${id}`}, ${userId}, ${id}, 1, 4200, ${`order-${id}`}, '2026-12-01T10:00:00Z')`
  await db.sql`
    insert into change_events (user_id, kind, listing_id, data) values (${userId}, 'listing-updated', ${id}, '{}')`
  return id
}

const places = () =>
  db.sql<Record<string, unknown>[]>`
    select listing_id, marketplace, external_id, state, url, quantity_sent, revision_state, details from listing_places
    order by listing_id, marketplace`

/** What the API's answers say of the listing, on Etsy and in its status. */
const shown = (row: Record<string, unknown>) => ({
  status: row.status,
  liveMask: row.liveMask,
  // Where a change stands on each place (the API's since 0066) is compared as etsyRevisionStatus below.
  places: (row.places as Record<string, unknown>[]).map(({ revision: _revision, ...place }) => place),
  etsyStatus: row.etsyStatus,
  etsyViewUrl: row.etsyViewUrl,
  etsyRevisionStatus: row.etsyRevisionStatus,
  etsyRevisionMessage: row.etsyRevisionMessage,
})

describe('migration 0064: Etsy written to its place', () => {
  it('keeps every listing exactly, and Etsy’s writers go on from its place', async () => {
    const [user] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('etsyupgrader', 'etsyupgrader@example.com', 'A', 'B', 'x') returning id`
    const userId = user!.id
    const soon = new Date(Date.now() + 60_000)
    const past = new Date(Date.now() - 60_000)
    const ids = {
      ready: await listingBefore(userId, 'Ready'),
      live: await listingBefore(userId, 'Live on Etsy', { status: 'active', externalId: '9001', quantitySent: 2 }),
      ended: await listingBefore(userId, 'Ended on Etsy', { status: 'inactive', externalId: '9002', quantitySent: 2 }),
      sold: await listingBefore(
        userId,
        'Sold on Etsy',
        { status: 'sold', externalId: '9003', quantitySent: 0 },
        undefined,
        'etsy',
      ),
      // A publish under way: Etsy made the draft, one photo of two is up, the publishing process holds the lease.
      halfWay: await listingBefore(userId, 'Half way', {
        status: 'draft',
        externalId: '9004',
        stage: 'images',
        imagesSent: 1,
        leaseUntil: soon,
      }),
      // A publish whose create call's reply was lost: no id yet, its lease run out.
      noReply: await listingBefore(userId, 'No reply', {
        status: 'draft',
        stage: 'create',
        imagesSent: 0,
        leaseUntil: past,
      }),
      // A revision job died sending change 2 of 2; its lease ran out: the sweep's to finish.
      revising: await listingBefore(userId, 'Being revised', {
        status: 'active',
        externalId: '9005',
        quantitySent: 2,
        requested: 2,
        sent: 1,
        revisionStatus: 'pending',
        revisionLeaseUntil: past,
      }),
      refused: await listingBefore(userId, 'Change refused', {
        status: 'active',
        externalId: '9006',
        quantitySent: 2,
        requested: 1,
        sent: 1,
        revisionStatus: 'refused',
        revisionMessage: 'Etsy said no.',
      }),
      both: await listingBefore(
        userId,
        'Live on both',
        { status: 'active', externalId: '9007', quantitySent: 2 },
        '777',
      ),
    }
    const before = await db.sql<Record<string, unknown>[]>`
      select l.id, dashboard_status as status, live_mask, m.status as etsy_status,
        case when m.external_id is not null then m.url end as etsy_view_url,
        case when m.requested > 0 then m.revision_status end as etsy_revision_status,
        case when m.requested > 0 then m.revision_message end as etsy_revision_message,
        (select coalesce(json_agg(json_build_object('marketplace', p.marketplace, 'state', p.state,
          'externalId', p.external_id, 'url', p.url) order by p.marketplace), '[]'::json)
          from listing_places p where p.listing_id = l.id) as places
      from listings l left join listing_marketplaces m on m.listing_id = l.id and m.external_id is not null
      order by l.id`
    const rowsBefore = await db.sql<Record<string, unknown>[]>`
      select listing_id, marketplace, external_id, status, url, quantity_sent, stage, images_sent, stage_at, requested,
        sent from listing_marketplaces order by listing_id`
    const placesBefore = await places()
    const historyBefore = await history(db.sql)

    await applyFrom(MIGRATION)

    expect(await db.sql`select to_regclass('listing_marketplaces') as gone`).toEqual([{ gone: null }])
    // Each place as it was; Etsy's details also say when the stage began and until when a publish holds it.
    expect(await places()).toEqual(
      placesBefore.map((place) =>
        place.marketplace === 'etsy'
          ? {
              ...place,
              details: {
                ...(place.details as object),
                stageAt: expect.any(String),
                ...(place.listingId === ids.halfWay || place.listingId === ids.noReply
                  ? { leaseUntil: expect.any(String) }
                  : {}),
              },
            }
          : place,
      ),
    )
    for (const row of before) {
      const listing = (await findListing(db.sql, userId, row.id as number))!
      const [mask] = await db.sql<{ liveMask: number }[]>`select live_mask from listings where id = ${row.id as number}`
      expect(shown({ ...listing, liveMask: mask!.liveMask })).toEqual(shown(row))
    }
    // Etsy's writers read each row as it was, in Etsy's words.
    for (const row of rowsBefore)
      expect(await etsyPlace.findPlace(db.sql, row.listingId as number, 'etsy')).toEqual(row)
    expect(await history(db.sql)).toEqual(historyBefore)
    expect(await filters(db.sql, userId)).toEqual(expectedFilters(before))
    expect(await etsyPlace.listingOfExternalId(db.sql, userId, 'etsy', '9003')).toBe(ids.sold)

    // The publish under way holds its lease still; once let go, the next goes on from the second photo.
    expect(await etsyPlace.takeLease(db.sql, ids.halfWay, 'etsy', 60)).toBeUndefined()
    await etsyPlace.releaseLease(db.sql, ids.halfWay, 'etsy')
    expect(await etsyPlace.takeLease(db.sql, ids.halfWay, 'etsy', 60)).toMatchObject({
      externalId: '9004',
      status: 'draft',
      stage: 'images',
      imagesSent: 1,
      stageAt: STAGE_AT,
    })
    await etsyPlace.countImageSent(db.sql, ids.halfWay, 'etsy', 2)
    await etsyPlace.saveStage(db.sql, ids.halfWay, 'etsy', 'done', { quantitySent: 2 })
    await etsyPlace.saveStatus(db.sql, ids.halfWay, 'etsy', 'active', 'https://www.etsy.com/listing/9004')
    await etsyPlace.releaseLease(db.sql, ids.halfWay, 'etsy')
    expect(await findListing(db.sql, userId, ids.halfWay)).toMatchObject({
      status: 'live',
      etsyStatus: 'active',
      places: [{ marketplace: 'etsy', state: 'live', externalId: '9004' }],
    })
    // The lost create's lease ran out: a retry takes it and looks for the draft made since the stage began.
    expect(await etsyPlace.takeLease(db.sql, ids.noReply, 'etsy', 60)).toMatchObject({
      stage: 'create',
      stageAt: STAGE_AT,
    })

    // The stalled change is found by the sweep, claimed and finished.
    expect(await etsyPlace.takeStalledRevisions(db.sql, 'etsy', 30)).toEqual([ids.revising])
    expect(await etsyPlace.claimRevision(db.sql, ids.revising, 'etsy', 60)).toMatchObject({ requested: 2, sent: 1 })
    expect(await etsyPlace.revisionHeldUntil(db.sql, ids.revising, 'etsy')).toBeInstanceOf(Date)
    await etsyPlace.finishRevision(db.sql, ids.revising, 'etsy', 2, null)
    expect(await findListing(db.sql, userId, ids.revising)).toMatchObject({ etsyRevisionStatus: 'done' })

    // A change to the ended one is asked for; Etsy selling the live one's two pieces makes it sold out there.
    expect(await db.sql.begin((tx) => etsyPlace.requestRevision(tx, ids.ended, 'etsy'))).toBe(true)
    expect(await findListing(db.sql, userId, ids.ended)).toMatchObject({ etsyRevisionStatus: 'pending' })
    await db.sql.begin((tx) => etsyPlace.lowerSentQuantity(tx, ids.live, 'etsy', 2))
    expect(await etsyPlace.findPlace(db.sql, ids.live, 'etsy')).toMatchObject({ status: 'sold', quantitySent: 0 })
    expect(await findListing(db.sql, userId, ids.live)).toMatchObject({ etsyStatus: 'sold' })
  })
})
