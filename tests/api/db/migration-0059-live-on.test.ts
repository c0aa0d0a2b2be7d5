// Migration 0059 (issue 48 step 6, decision 0063): where each listing is live, kept with the row for the Dashboard's
// Live on eBay and Live on Etsy filters. A database of the schema before it, holding listings live on eBay, on Etsy,
// on both, ended on eBay and live on Etsy, and ready, is migrated: each says where it is live, and a later change of
// a place (Etsy's listing ended) moves it. Runs on PGlite, and on the Postgres server when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/db/client.ts'
import { schemaBefore } from '../../helpers/schema-before.ts'

const MIGRATION = '0059_live_on_each_marketplace.sql'

let db: Database
let apply: (file: string) => Promise<void>

beforeAll(async () => {
  ;({ db, apply } = await schemaBefore(MIGRATION, { onServer: true }))
}, 60_000)
afterAll(() => db?.close())

/** A listing as the writers leave it: eBay's columns, and Etsy's bookkeeping row when it is on Etsy. */
async function listing(userId: number, title: string, ebay: string | null, etsy: string | null): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`
    insert into listings (user_id, title, category, color, platform_status, platform_listing_id)
    values (${userId}, ${title}, 'Jackets', 'Blue', ${ebay}, ${ebay ? `ebay-${title.length}` : null}) returning id`
  if (etsy)
    await db.sql`
      insert into listing_marketplaces (listing_id, marketplace, external_id, status, stage)
      values (${row!.id}, 'etsy', ${String(row!.id)}, ${etsy}, 'done')`
  return row!.id
}

/** The listing's status, and the marketplaces whose bit its live_mask holds. */
const liveOn = async (id: number) =>
  (
    await db.sql<{ status: string; liveOn: string[] }[]>`
      select dashboard_status as status,
        array(select id from marketplaces where live_mask & bit <> 0 order by bit) as live_on
      from listings where id = ${id}`
  )[0]

describe('migration 0059: live on each marketplace', () => {
  it('says where every listing is live, and follows its places after', async () => {
    const [seller] = await db.sql<{ id: number }[]>`
      insert into users (username, email, first_name, last_name, password_hash)
      values ('sam', 'sam@example.com', 'Sam', 'Seller', 'x') returning id`
    const userId = seller!.id
    const ids = {
      ebay: await listing(userId, 'eBay only', 'active', null),
      etsy: await listing(userId, 'Etsy only', null, 'active'),
      both: await listing(userId, 'On both', 'active', 'active'),
      endedOnEbay: await listing(userId, 'Ended on eBay, live on Etsy', 'ended', 'active'),
      ready: await listing(userId, 'Ready', null, null),
    }
    await apply(MIGRATION)
    expect(await liveOn(ids.ebay)).toEqual({ status: 'live', liveOn: ['ebay'] })
    expect(await liveOn(ids.etsy)).toEqual({ status: 'live', liveOn: ['etsy'] })
    expect(await liveOn(ids.both)).toEqual({ status: 'live', liveOn: ['ebay', 'etsy'] })
    expect(await liveOn(ids.endedOnEbay)).toEqual({ status: 'live', liveOn: ['etsy'] })
    expect(await liveOn(ids.ready)).toEqual({ status: 'ready', liveOn: [] })

    // Etsy's listing ended: still live on eBay, no longer on Etsy; ended on both, Ended and live nowhere.
    await db.sql`update listing_marketplaces set status = 'inactive' where listing_id in ${db.sql([ids.both, ids.endedOnEbay])}`
    expect(await liveOn(ids.both)).toEqual({ status: 'live', liveOn: ['ebay'] })
    expect(await liveOn(ids.endedOnEbay)).toEqual({ status: 'ended', liveOn: [] })
    await db.sql`update listings set platform_status = 'active', platform_listing_id = 'ebay-9' where id = ${ids.etsy}`
    expect(await liveOn(ids.etsy)).toEqual({ status: 'live', liveOn: ['ebay', 'etsy'] })

    // The status index carries where, so a filter's page and count read that index alone.
    const [index] = await db.sql<{ definition: string }[]>`
      select indexdef as definition from pg_indexes where indexname = 'listings_user_status_created_idx'`
    expect(index!.definition).toContain('INCLUDE (live_mask)')
  })
})
