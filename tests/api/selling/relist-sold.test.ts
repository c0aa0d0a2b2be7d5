// Relist on a sold row (issue 47, api/services/selling/relist-sold.ts): a listing whose last piece sold gets the
// quantity the seller types back, and goes back up on every marketplace it was on (eBay and Etsy stand-ins, checked
// against their contracts) once each has the count: sold out on eBay, or sold out on Etsy (which renews it at 1, then
// takes the count). A listing with pieces, a quantity that is none, or another seller's listing is refused, unchanged.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { REVISION_JOB } from '../../../api/services/ebay/revisions.ts'
import { jobSchemaFor } from '../../../api/services/jobs.ts'
import { RELIST_SOLD_JOB } from '../../../api/services/selling/relist-sold.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson, registeredClient } from '../../helpers/test-app.ts'
import { JACKET } from '../../helpers/jacket.ts'

const both = bothMarketplacesPerFile()

const relist = (item: Awaited<ReturnType<typeof listingLiveOnBoth>>, body: unknown) =>
  item.seller.post(`/api/listings/${item.id}/relist`, body)

describe('POST /api/listings/{id}/relist', () => {
  it('puts a listing that sold out on eBay back up on eBay and Etsy with the quantity the seller typed', async () => {
    const item = await listingLiveOnBoth(both, 'relist-ebay', 1)
    item.sellOnEbay()
    await item.poll()
    expect(item.etsyListing().state).toBe('inactive')
    const response = await relist(item, { quantity: 2 })
    expect(response.status, await response.clone().text()).toBe(200)
    const answer = await readJson(response)
    expect(answer.message).toBe('Putting 2 back up on eBay and Etsy.')
    expect(answer.listing).toMatchObject({ quantity: 2, platformStatus: 'ended' })
    await both.t.settle()
    await both.t.settle()
    expect(item.ebayLive()).toBe(true)
    expect(item.ebayCount()).toBe(2)
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 2 })
    expect(await item.row()).toMatchObject({ quantity: 2, platformStatus: 'active', etsyStatus: 'active' })
    // It sells again, once, as any listing does.
    item.sellOnEtsy()
    await item.poll()
    expect(item.ebayCount()).toBe(1)
    expect(await item.row()).toMatchObject({ quantity: 1 })
  })

  it('renews a listing that sold out on Etsy, then gives Etsy the count (Etsy renews at 1)', async () => {
    const item = await listingLiveOnBoth(both, 'relist-etsy', 1)
    item.sellOnEtsy()
    await item.poll()
    expect(item.etsyListing().state).toBe('sold_out')
    expect(item.ebayLive()).toBe(false)
    expect((await relist(item, { quantity: 3 })).status).toBe(200)
    await both.t.settle()
    await both.t.settle()
    expect(item.etsyListing()).toMatchObject({ state: 'active', quantity: 3 })
    expect(item.ebayLive()).toBe(true)
    expect(item.ebayCount()).toBe(3)
    expect(await item.row()).toMatchObject({ quantity: 3, etsyStatus: 'active', etsyRevisionStatus: 'done' })
  })

  it('puts it up on eBay only once eBay has the count: never an offer of none', async () => {
    const item = await listingLiveOnBoth(both, 'relist-waits', 1)
    item.sellOnEbay()
    await item.poll()
    expect((await relist(item, { quantity: 2 })).status).toBe(200)
    // The revision that brings eBay the count has not run yet when the relist's job first looks.
    const schema = await jobSchemaFor(both.t.db.sql)
    await both.t.db.sql`update ${both.t.db.sql(schema)}.job set start_after = now() + interval '1 hour'
      where name = ${REVISION_JOB} and state = 'created'`
    await both.t.settle()
    expect(item.ebayLive()).toBe(false)
    expect(await item.row()).toMatchObject({ platformStatus: 'ended', ebayRevisionStatus: 'pending' })
    // The revision runs, then the relist's next look.
    await dueNow(both.t.db.sql, REVISION_JOB)
    await both.t.settle()
    await dueNow(both.t.db.sql, RELIST_SOLD_JOB)
    await both.t.settle()
    expect(item.ebayLive()).toBe(true)
    expect(item.ebayCount()).toBe(2)
    expect(await item.row()).toMatchObject({ platformStatus: 'active', quantity: 2 })
  })

  it('puts a listing sold elsewhere and never posted back in stock, Ready', async () => {
    const seller = await registeredClient(both.t.app, `relist-ready-${randomUUID().slice(0, 8)}`)
    const listing = await readJson(await seller.post('/api/listings', { ...JACKET, images: [] }))
    expect((await seller.post(`/api/listings/${listing.id}/sold-elsewhere`, { quantity: 1 })).status).toBe(200)
    const response = await seller.post(`/api/listings/${listing.id}/relist`, { quantity: 1 })
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({
      message: '1 piece back in stock. Post it when you are ready.',
      listing: { quantity: 1, platformStatus: null },
    })
  })

  it('refuses a listing with pieces left, a quantity of none, and another seller’s listing, changing nothing', async () => {
    const item = await listingLiveOnBoth(both, 'relist-refused', 1)
    const withPieces = await relist(item, { quantity: 2 })
    expect(withPieces.status).toBe(409)
    expect((await readJson(withPieces)).message).toBe(
      'This listing still has 1 piece for sale: change its quantity with Edit.',
    )
    item.sellOnEbay()
    await item.poll()
    const none = await relist(item, { quantity: 0 })
    expect(none.status).toBe(400)
    expect(await readJson(none)).toMatchObject({
      code: 'invalid_input',
      fields: { quantity: 'Quantity must be at least 1' },
    })
    const stranger = await registeredClient(both.t.app, `relist-stranger-${randomUUID().slice(0, 8)}`)
    expect((await stranger.post(`/api/listings/${item.id}/relist`, { quantity: 1 })).status).toBe(404)
    expect(await item.row()).toMatchObject({ quantity: 0, platformStatus: 'sold' })
  })
})
