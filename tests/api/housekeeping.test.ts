// The periodic purge: expired and too-old sessions, spent rate-limit windows, finished marketplace authorizations and
// outbox mail and finished-job marks older than a day go, and what the marketplaces' wings keep past its time (eBay's
// kept answers beyond the newest few thousand, Shopify's pushes taken days ago);
// everything still in use stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EBAY_LOOKUP_MAX_ROWS } from '../../api/services/ebay/lookups.ts'
import { purgeExpired } from '../../api/services/housekeeping.ts'
import { createTestApp, registeredClient, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
let userId: number
beforeAll(async () => {
  t = await createTestApp()
  userId = (await registeredClient(t.app, 'keeper')).id
})
afterAll(() => t.close())

const keys = async (table: string, column: string) =>
  (await t.db.sql<{ key: string }[]>`select ${t.db.sql(column)}::text as key from ${t.db.sql(table)} order by 1`).map(
    (row) => row.key,
  )

describe('purgeExpired', () => {
  it('removes what has run its course and keeps what is still in use', async () => {
    const { sql } = t.db
    await sql`delete from sessions`
    await sql`
      insert into sessions (token_hash, user_id, created_at, expires_at) values
        ('live', ${userId}, now(), now() + interval '30 days'),
        ('expired', ${userId}, now() - interval '40 days', now() - interval '1 second'),
        ('too-old', ${userId}, now() - interval '91 days', now() + interval '29 days')`
    // Registering counted against the per-address limit; only the two windows below are this test's.
    await sql`delete from rate_limits`
    await sql`
      insert into rate_limits (key, hits, reset_at) values
        ('window-open', 3, now() + interval '10 minutes'), ('window-over', 9, now() - interval '1 second')`
    await sql`
      insert into oauth_states (state_hash, user_id, session_hash, platform, redirect_uri, expires_at, used_at) values
        ('pending', ${userId}, 'live', 'ebay', 'x', now() + interval '10 minutes', null),
        ('spent', ${userId}, 'live', 'ebay', 'x', now() + interval '10 minutes', now()),
        ('lapsed', ${userId}, 'live', 'etsy', 'x', now() - interval '1 second', null)`
    await sql`delete from mail_outbox`
    await sql`
      insert into mail_outbox (recipient, subject, html, template, created_at) values
        ('new@example.com', 's', 'h', 'password-reset', now() - interval '23 hours'),
        ('old@example.com', 's', 'h', 'password-reset', now() - interval '25 hours')`
    await sql`
      insert into finished_jobs (job_id, finished_at) values
        ('00000000-0000-4000-8000-000000000001', now() - interval '23 hours'),
        ('00000000-0000-4000-8000-000000000002', now() - interval '25 hours')`
    await sql`delete from change_events`
    await sql`
      insert into change_events (user_id, kind, created_at) values
        (${userId}, 'recent', now() - interval '23 hours'), (${userId}, 'day-old', now() - interval '25 hours')`

    expect(await purgeExpired(sql)).toEqual({
      sessions: 2,
      rateLimits: 1,
      oauthStates: 2,
      outboxMail: 1,
      finishedJobs: 1,
      marketplaceKept: 0,
      photoAnalyses: 0,
      changeEvents: 1,
    })
    expect(await keys('sessions', 'token_hash')).toEqual(['live'])
    expect(await keys('rate_limits', 'key')).toEqual(['window-open'])
    expect(await keys('oauth_states', 'state_hash')).toEqual(['pending'])
    expect(await keys('mail_outbox', 'recipient')).toEqual(['new@example.com'])
    expect(await keys('finished_jobs', 'job_id')).toEqual(['00000000-0000-4000-8000-000000000001'])
    expect(await keys('change_events', 'kind')).toEqual(['recent'])
  })

  it("keeps eBay's kept answers to the newest EBAY_LOOKUP_MAX_ROWS however many were asked for, dropping the oldest", async () => {
    const { sql } = t.db
    const over = 5
    await sql`delete from ebay_lookup_cache`
    // Codes looked up over the last hours, one a second: the first `over` are the oldest.
    await sql`
      insert into ebay_lookup_cache (kind, key, value, fetched_at)
      select 'catalog_product', 'code-' || n, '{"products": []}', now() - make_interval(secs => ${EBAY_LOOKUP_MAX_ROWS + over} - n)
      from generate_series(1, ${EBAY_LOOKUP_MAX_ROWS + over}) as n`
    expect((await purgeExpired(sql)).marketplaceKept).toBe(over)
    const [kept] = await sql<{ count: number; oldest: string }[]>`
      select count(*)::int as count, min(substr(key, 6)::int)::text as oldest from ebay_lookup_cache`
    expect(kept).toEqual({ count: EBAY_LOOKUP_MAX_ROWS, oldest: String(over + 1) })
  })

  it("forgets the marketplaces' pushes taken days ago, keeping the recent ones a retry may bring again", async () => {
    const { sql } = t.db
    await sql`delete from ebay_lookup_cache`
    await sql`
      insert into marketplace_push_deliveries (marketplace, delivery_id, received_at) values
        ('shopify', 'recent', now() - interval '5 hours'), ('shopify', 'old', now() - interval '3 days')`
    expect((await purgeExpired(sql)).marketplaceKept).toBe(1)
    expect(await keys('marketplace_push_deliveries', 'delivery_id')).toEqual(['recent'])
  })
})
