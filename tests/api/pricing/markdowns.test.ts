// Price rules and the markdown ladder (issue 51, docs/decisions/0075) against the eBay and Etsy stand-ins: bad rules
// refused with nothing changed; a listing's floor from its cost and both marketplaces' fees, the typed floor winning;
// what the next run changes; a run that lowers the price on Snaplist, eBay and Etsy once however often it runs (Apply
// now twice, the daily job after it), never below the floor; undo putting every price back; another seller's refused.
import { describe, expect, it } from 'vitest'
import { MARKDOWN_DAILY_JOB, MARKDOWN_SELLER_JOB } from '../../../api/services/pricing/markdowns.ts'
import { MARKDOWN_RUN_MAX } from '../../../api/contract/price-rules.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { copyLiveListing } from '../../helpers/many-live.ts'
import { readJson, type JsonBody } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

const LADDER = { on: true, firstAfterDays: 30, firstPercent: 10, thenEveryDays: 14, thenPercent: 5 }
const RULES = { minimumProfit: { by: 'amount', amount: 5 }, shippingPaid: 0, ladder: LADDER }

type Item = Awaited<ReturnType<typeof listingLiveOnBoth>>

/** A seller's listing live on eBay and Etsy at $39.50 for `daysLive` days, of this cost, with the ladder on. */
async function sitting(name: string, cost: number | null, daysLive = 40) {
  const item = await listingLiveOnBoth(both, name, 1, { cost })
  await both.t.db.sql`update listing_places set created_at = now() - make_interval(days => ${daysLive})
    where listing_id = ${item.id}`
  const put = await item.seller.call('PUT', '/api/price-rules', RULES)
  expect(put.status, await put.clone().text()).toBe(200)
  return item
}

const ebayPrice = (item: Item) => {
  const offer = [...both.ebay.inventory(item.grant).offers.values()].find((entry) => entry.sku === both.skuOf(item.id))!
  return (offer.body.pricingSummary as { price: { value: string } }).price.value
}
const prices = async (item: Item) => ({
  snaplist: (await item.row()).askingPrice as number,
  ebay: ebayPrice(item),
  etsy: item.etsyListing().price,
})
const run = async (item: Item) => {
  const response = await item.seller.post('/api/price-rules/run', {})
  expect(response.status, await response.clone().text()).toBe(200)
  await both.t.settle()
  return (await readJson(response)).run as JsonBody | null
}

describe('PUT /api/price-rules', () => {
  it('refuses bad rules with a clear 400 and keeps the rules as they were', async () => {
    const item = await sitting('rules-bad', 20)
    const bad: [unknown, RegExp][] = [
      [{ ...RULES, minimumProfit: { by: 'percent', percent: 80 } }, /at most 50%/],
      [{ ...RULES, minimumProfit: { by: 'amount', amount: -1 } }, /less than \$0/],
      [{ ...RULES, shippingPaid: 1.234 }, /2 decimals/],
      [{ ...RULES, ladder: { ...LADDER, firstAfterDays: 0 } }, /at least 1 day/],
      [{ ...RULES, ladder: { ...LADDER, thenPercent: 0.5 } }, /at least 1%/],
      [{ ...RULES, extra: true }, /only/],
      ['not rules', /./],
    ]
    for (const [body, message] of bad) {
      const response = await item.seller.call('PUT', '/api/price-rules', body)
      expect(response.status).toBe(400)
      expect(JSON.stringify(await readJson(response))).toMatch(message)
    }
    expect((await readJson(await item.seller.get('/api/price-rules'))).rules).toEqual(RULES)
  })
})

describe("a listing's floor", () => {
  it('is the highest of its marketplaces’ floors from its cost, and the floor typed wins', async () => {
    const item = await sitting('floor', 20)
    const floor = await readJson(await item.seller.get(`/api/listings/${item.id}/floor`))
    // $20 cost + $5 profit: eBay's 13.6% + $0.40 needs $29.40, Etsy's 9.5% + $0.45 needs $28.12.
    expect(floor).toMatchObject({ source: 'computed', priceCents: 2940, costCents: 2000 })
    expect(floor.byMarketplace.map((each: JsonBody) => [each.marketplace, each.priceCents, each.feesCents])).toEqual([
      ['ebay', 2940, 440],
      ['etsy', 2812, 312],
    ])
    // The listing's own answer carries the same floor and what it is made of.
    expect((await readJson(await item.seller.get(`/api/listings/${item.id}`))).floor).toEqual(floor)
    const typed = await item.seller.call('PUT', `/api/listings/${item.id}/floor`, { floor: 33 })
    expect(await readJson(typed)).toMatchObject({ source: 'typed', priceCents: 3300 })
    expect(
      (await readJson(await item.seller.call('PUT', `/api/listings/${item.id}/floor`, { floor: null }))).source,
    ).toBe('computed')
    expect((await item.seller.call('PUT', `/api/listings/${item.id}/floor`, { floor: 0 })).status).toBe(400)
  })

  it('is none without a cost, and such a listing is never marked down', async () => {
    const item = await sitting('no-cost', null)
    expect(await readJson(await item.seller.get(`/api/listings/${item.id}/floor`))).toMatchObject({
      source: 'none',
      priceCents: null,
    })
    expect(await readJson(await item.seller.get('/api/price-rules/next'))).toMatchObject({
      changes: [],
      withoutFloor: 1,
    })
    expect(await run(item)).toBeNull()
    expect((await prices(item)).snaplist).toBe(39.5)
  })

  it("is another seller's listing's: not found", async () => {
    const mine = await sitting('floor-mine', 20)
    const theirs = await sitting('floor-theirs', 20)
    expect((await mine.seller.get(`/api/listings/${theirs.id}/floor`)).status).toBe(404)
    expect((await mine.seller.call('PUT', `/api/listings/${theirs.id}/floor`, { floor: 1 })).status).toBe(404)
    // The floors of a bulk price change's listings: the seller's own only.
    const floors = await readJson(await mine.seller.get(`/api/price-rules/floors?ids=${theirs.id},${mine.id}`))
    expect(floors.floors.map((floor: JsonBody) => [floor.listingId, floor.priceCents])).toEqual([[mine.id, 2940]])
  })
})

describe('the markdown ladder', () => {
  it('says what the next run changes, lowers the price everywhere once however often it runs, and undo puts it back', async () => {
    const item = await sitting('ladder', 20)
    const next = await readJson(await item.seller.get('/api/price-rules/next'))
    const change = { listingId: item.id, step: 1, fromCents: 3950, toCents: 3555, floorCents: 2940, atFloor: false }
    expect(next).toEqual({ changes: [expect.objectContaining(change)], withoutFloor: 0, atFloor: 0, more: false })

    const made = await run(item)
    expect(made).toMatchObject({ undoneAt: null, changes: [expect.objectContaining(change)] })
    expect(await prices(item)).toEqual({ snaplist: 35.55, ebay: '35.55', etsy: 35.55 })

    // Apply now again, and the daily job twice: the step is taken, nothing changes.
    expect(await run(item)).toBeNull()
    await both.t.jobs.send(MARKDOWN_DAILY_JOB, {})
    await both.t.jobs.send(MARKDOWN_DAILY_JOB, {})
    await both.t.settle()
    expect(await prices(item)).toEqual({ snaplist: 35.55, ebay: '35.55', etsy: 35.55 })
    expect((await readJson(await item.seller.get('/api/price-rules/next'))).changes).toEqual([])
    expect((await readJson(await item.seller.get('/api/price-rules'))).runs).toHaveLength(1)

    const undo = await item.seller.post(`/api/price-rules/runs/${made!.id}/undo`, {})
    expect(undo.status).toBe(200)
    expect((await readJson(undo)).undoneAt).not.toBeNull()
    await both.t.settle()
    expect(await prices(item)).toEqual({ snaplist: 39.5, ebay: '39.50', etsy: 39.5 })
    // Undone once: again changes nothing, and another seller cannot undo it.
    expect((await item.seller.post(`/api/price-rules/runs/${made!.id}/undo`, {})).status).toBe(200)
    const other = await sitting('ladder-other', 20)
    expect((await other.seller.post(`/api/price-rules/runs/${made!.id}/undo`, {})).status).toBe(404)
  })

  it('stops at the floor, and leaves a listing at or under its floor as it is', async () => {
    const near = await sitting('ladder-floor', 28)
    // $28 cost: eBay's floor is $38.66, above $39.50 less 10%.
    const made = await run(near)
    expect(made!.changes).toEqual([expect.objectContaining({ toCents: 3866, floorCents: 3866, atFloor: true })])
    expect(await prices(near)).toEqual({ snaplist: 38.66, ebay: '38.66', etsy: 38.66 })

    const under = await sitting('ladder-under', 35)
    expect(await readJson(await under.seller.get('/api/price-rules/next'))).toMatchObject({ changes: [], atFloor: 1 })
    expect(await run(under)).toBeNull()
    expect((await prices(under)).snaplist).toBe(39.5)
  })

  it('leaves a listing whose markdowns are paused, until they go on again', async () => {
    const item = await sitting('ladder-paused', 20)
    const paused = await item.seller.call('PUT', `/api/listings/${item.id}/markdowns`, { paused: true })
    expect(await readJson(paused)).toMatchObject({ markdownsPaused: true, priceCents: 2940 })
    expect((await readJson(await item.seller.get('/api/price-rules/next'))).changes).toEqual([])
    expect(await run(item)).toBeNull()
    const other = await sitting('ladder-paused-other', 20)
    expect((await other.seller.call('PUT', `/api/listings/${item.id}/markdowns`, { paused: false })).status).toBe(404)
    await item.seller.call('PUT', `/api/listings/${item.id}/markdowns`, { paused: false })
    expect((await run(item))!.changes).toHaveLength(1)
    expect((await prices(item)).snaplist).toBe(35.55)
  })

  it('waits for the first step, takes one step a run, and runs only with the ladder on', async () => {
    const young = await sitting('ladder-young', 20, 29)
    expect((await readJson(await young.seller.get('/api/price-rules/next'))).changes).toEqual([])
    await both.t.db
      .sql`update listing_places set created_at = now() - interval '60 days' where listing_id = ${young.id}`
    // 60 days is the third step's time; never marked down before, it takes the first cut once.
    const made = await run(young)
    expect(made!.changes).toEqual([expect.objectContaining({ step: 3, fromCents: 3950, toCents: 3555 })])
    expect(await run(young)).toBeNull()
    await young.seller.call('PUT', '/api/price-rules', { ...RULES, ladder: { ...LADDER, on: false } })
    expect((await young.seller.post('/api/price-rules/run', {})).status).toBe(409)
  })

  it('changes at most MARKDOWN_RUN_MAX listings a run, and says more are due', async () => {
    const item = await sitting('ladder-many', 20)
    await copyLiveListing(both.t.db.sql, both.ebay, item.grant, item.id, MARKDOWN_RUN_MAX)
    await both.t.db.sql`update listing_places set created_at = now() - interval '40 days'
      where listing_id in (select id from listings where user_id = ${item.seller.id})`
    const next = await readJson(await item.seller.get('/api/price-rules/next'))
    expect(next.changes).toHaveLength(MARKDOWN_RUN_MAX)
    expect(next.more).toBe(true)
  })

  it('after a run killed midway, the job run again lowers only the listings it had not', async () => {
    const item = await sitting('ladder-killed', 20)
    const [other] = await copyLiveListing(both.t.db.sql, both.ebay, item.grant, item.id, 1)
    await both.t.db.sql`update listing_places set created_at = now() - interval '40 days' where listing_id = ${other!}`
    await run(item)
    // As the process killed after the first listing's transaction leaves them: the other one never lowered.
    await both.t.db.sql`delete from markdown_changes where listing_id = ${other!}`
    await both.t.db.sql`update listings set asking_price_cents = 3950 where id = ${other!}`
    await both.t.jobs.send(MARKDOWN_SELLER_JOB, { userId: item.seller.id })
    await both.t.settle()
    const cents = await both.t.db.sql<{ id: number; cents: number }[]>`
      select id, asking_price_cents as cents from listings where id in (${item.id}, ${other!}) order by id`
    expect(cents.map((row) => row.cents)).toEqual([3555, 3555])
    expect(ebayPrice(item)).toBe('35.55')
  })
})
