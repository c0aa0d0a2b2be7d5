// Offers to interested buyers (issue 51, docs/decisions/0076) against the eBay stand-in's Negotiation API (checked
// against eBay's contract) and Etsy's (which has none): the rule sends one offer to the watchers of a listing live 40
// days at its discount, stops at the floor or sends none, sends nothing twice however often it runs or after a run
// killed between eBay taking the offer and Snaplist recording it; an accepted offer is a sale like any other, with
// its earnings, and the offer reads accepted; eBay's refusals are kept in its words; a bad rule is refused.
import { describe, expect, it } from 'vitest'
import { OFFERS_DAILY_JOB, OFFERS_SELLER_JOB } from '../../../api/services/pricing/offers.ts'
import { bothMarketplacesPerFile, listingLiveOnBoth } from '../../helpers/live-on-both.ts'
import { readJson, type JsonBody } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

const LADDER = { on: false, firstAfterDays: 30, firstPercent: 10, thenEveryDays: 14, thenPercent: 5 }
const OFFERS = {
  on: true,
  afterDays: 30,
  minPrice: null,
  maxPrice: null,
  category: null,
  keywords: [],
  percentOff: 10,
  message: 'Thanks for watching: 10% off for two days.',
}
const rules = (offers: JsonBody) => ({
  minimumProfit: { by: 'amount', amount: 5 },
  shippingPaid: 0,
  ladder: LADDER,
  offers,
})

/** A seller's listing live on eBay and Etsy at $39.50 for `daysLive` days, of this cost, watched on eBay by two. */
async function watched(name: string, cost: number | null, offers: JsonBody = OFFERS, daysLive = 40) {
  const item = await listingLiveOnBoth(both, name, 1, { cost })
  await both.t.db.sql`update listing_places set created_at = now() - make_interval(days => ${daysLive})
    where listing_id = ${item.id}`
  const put = await item.seller.call('PUT', '/api/price-rules', rules(offers))
  expect(put.status, await put.clone().text()).toBe(200)
  const sku = both.skuOf(item.id)
  const ebayOffer = () => [...both.ebay.inventory(item.grant).offers.values()].find((entry) => entry.sku === sku)!
  const ebayListingId = ebayOffer().listingId!
  both.ebay.watch(ebayListingId, 2)
  return { ...item, ebayListingId, ebayOffer }
}
type Watched = Awaited<ReturnType<typeof watched>>

const sendOffers = async (item: Watched) => {
  await both.t.jobs.send(OFFERS_SELLER_JOB, { userId: item.seller.id })
  await both.t.settle()
}
const offersOf = async (item: Watched) => {
  const response = await item.seller.get('/api/offers')
  expect(response.status, await response.clone().text()).toBe(200)
  return readJson(response)
}
/** What reached eBay for this listing: each send's body, and the offers eBay made of them (one a buyer). */
const onEbay = (item: Watched) => ({
  sends: both.ebay.negotiation.sent.filter((body) => JSON.stringify(body).includes(`"${item.ebayListingId}"`)),
  offers: [...both.ebay.negotiation.offers.values()].filter((offer) => offer.listingId === item.ebayListingId),
})

describe('offers to interested buyers', () => {
  it("sends the watchers of a 40-day-old listing one offer at the rule's discount, however often it runs", async () => {
    const item = await watched('offer', 20)
    await sendOffers(item)
    const sent = onEbay(item)
    expect(sent.sends).toEqual([
      {
        allowCounterOffer: false,
        message: OFFERS.message,
        offerDuration: { unit: 'DAY', value: 2 },
        offeredItems: [{ listingId: item.ebayListingId, price: { value: '35.55', currency: 'USD' }, quantity: 1 }],
      },
    ])
    expect(sent.offers).toHaveLength(2)
    const page = await offersOf(item)
    expect(page.offers).toEqual([
      expect.objectContaining({
        listingId: item.id,
        marketplace: 'ebay',
        state: 'sent',
        fromCents: 3950,
        priceCents: 3555,
        buyers: 2,
        refusal: null,
        sale: null,
      }),
    ])
    expect(page.totals).toEqual({ sent: 1, accepted: 0, revenueCents: 0 })

    // The seller's job again, and the daily job: the offer is open, nothing more goes.
    await sendOffers(item)
    await both.t.jobs.send(OFFERS_DAILY_JOB, {})
    await both.t.settle()
    // Even a new watcher while it is open: eBay has the listing's offer open, and so does Snaplist.
    both.ebay.watch(item.ebayListingId, 1)
    await sendOffers(item)
    expect(onEbay(item).sends).toHaveLength(1)
    expect((await offersOf(item)).offers).toHaveLength(1)
  })

  it('sends nothing twice after a run killed between eBay taking the offer and Snaplist recording it', async () => {
    const item = await watched('offer-killed', 20)
    await sendOffers(item)
    // As if the process died after eBay answered: the round is still marked sending.
    await both.t.db.sql`update listing_offers set state = 'sending', expires_at = null where listing_id = ${item.id}`
    await sendOffers(item)
    expect(onEbay(item).offers).toHaveLength(2)
    expect((await offersOf(item)).offers).toEqual([expect.objectContaining({ state: 'sent', priceCents: 3555 })])
  })

  it('stops at the floor, and sends none when the floor leaves less than 5% off', async () => {
    // $24 cost + $5 profit: eBay's floor is $34.03; 20% off $39.50 would be $31.60.
    const held = await watched('offer-floor', 24, { ...OFFERS, percentOff: 20 })
    const floor = await readJson(await held.seller.get(`/api/listings/${held.id}/floor`))
    await sendOffers(held)
    expect((await offersOf(held)).offers).toEqual([
      expect.objectContaining({ priceCents: floor.priceCents, floorCents: floor.priceCents, state: 'sent' }),
    ])
    expect(floor.priceCents).toBe(3403)

    // $30 cost: the floor ($40.97) is above the price; no offer, nothing sent to eBay.
    const above = await watched('offer-above-floor', 30)
    await sendOffers(above)
    expect(onEbay(above).sends).toEqual([])
    expect((await offersOf(above)).offers).toEqual([])
    // No cost and no floor typed: no floor, no offer.
    const none = await watched('offer-no-floor', null)
    await sendOffers(none)
    expect(onEbay(none).sends).toEqual([])
  })

  it('leaves listings the rule does not pick: too new, outside the price band, without its words', async () => {
    const young = await watched('offer-young', 20, OFFERS, 10)
    const band = await watched('offer-band', 20, { ...OFFERS, maxPrice: 30 })
    const words = await watched('offer-words', 20, { ...OFFERS, keywords: ['camera'] })
    for (const item of [young, band, words]) {
      await sendOffers(item)
      expect(onEbay(item).sends).toEqual([])
    }
  })

  it('makes an accepted offer a sale with its earnings, and the offer reads accepted', async () => {
    const item = await watched('offer-accepted', 20)
    await sendOffers(item)
    const [first] = onEbay(item).offers
    const order = both.ebay.acceptOffer(first!.offerId)
    await item.poll()
    const page = await offersOf(item)
    // eBay's 13.6% of $35.55 and $0.40 an order, read from its Finances API.
    expect(page.offers).toEqual([
      expect.objectContaining({
        state: 'accepted',
        sale: expect.objectContaining({ orderId: order.orderId, amountCents: 3555, feesCents: 523 }),
      }),
    ])
    expect(page.totals).toEqual({ sent: 1, accepted: 1, revenueCents: 3555 })
    expect((await item.row()).quantity).toBe(0)
  })

  it('marks an offer whose two days passed unanswered expired, and then the listing may get another', async () => {
    const item = await watched('offer-expired', 20)
    await sendOffers(item)
    for (const offer of onEbay(item).offers) both.ebay.expireOffer(offer.offerId)
    await both.t.db
      .sql`update listing_offers set expires_at = now() - interval '1 minute', sent_at = now() - interval '2 days'
      where listing_id = ${item.id}`
    expect((await offersOf(item)).offers).toEqual([expect.objectContaining({ state: 'expired' })])
    both.ebay.watch(item.ebayListingId, 1)
    await sendOffers(item)
    const page = await offersOf(item)
    expect(page.offers.map((offer: JsonBody) => [offer.state, offer.buyers])).toEqual([
      ['sent', 1],
      ['expired', 2],
    ])
  })

  it("keeps eBay's refusal in its words, and counts it as no offer sent", async () => {
    const item = await watched('offer-refused', 20)
    // eBay's price is lower than Snaplist knows (changed on ebay.com): the offer is not 5% under it.
    ;(item.ebayOffer().body.pricingSummary as { price: { value: string } }).price.value = '36.00'
    await sendOffers(item)
    const [refused] = (await offersOf(item)).offers
    expect(refused).toMatchObject({ state: 'refused', priceCents: 3555 })
    expect(refused.refusal).toMatch(/at least 5% less than your Buy It Now price/)
    expect((await offersOf(item)).totals).toEqual({ sent: 0, accepted: 0, revenueCents: 0 })
  })

  it('waits while eBay is busy, then sends once', async () => {
    const item = await watched('offer-busy', 20)
    both.ebay.setMode('busy')
    try {
      await sendOffers(item)
    } finally {
      both.ebay.setMode('good')
    }
    expect(onEbay(item).offers).toEqual([])
    await sendOffers(item)
    expect(onEbay(item).offers).toHaveLength(2)
    expect((await offersOf(item)).offers).toEqual([expect.objectContaining({ state: 'sent' })])
  })

  it('refuses a bad rule with a clear 400 and keeps the rules', async () => {
    const item = await watched('offer-bad', 20)
    const bad: [JsonBody, RegExp][] = [
      [{ ...OFFERS, percentOff: 4 }, /at least 5%/],
      [{ ...OFFERS, message: 'x'.repeat(2001) }, /at most 2000 characters/],
      [{ ...OFFERS, minPrice: 50, maxPrice: 20 }, /lowest price must be at most the highest/],
      [{ ...OFFERS, category: 'boats' }, /category/],
      [{ ...OFFERS, keywords: Array.from({ length: 11 }, (_, index) => `w${index}`) }, /At most 10 keywords/],
      [{ ...OFFERS, extra: 1 }, /only/],
    ]
    for (const [offers, message] of bad) {
      const response = await item.seller.call('PUT', '/api/price-rules', rules(offers))
      expect(response.status).toBe(400)
      expect(JSON.stringify(await readJson(response))).toMatch(message)
    }
    expect((await readJson(await item.seller.get('/api/price-rules'))).rules.offers).toEqual(OFFERS)
    expect((await item.seller.get('/api/offers?before=abc')).status).toBe(400)
  })
})

describe("the eBay stand-in's Negotiation API", () => {
  it('refuses what eBay refuses, in its words', async () => {
    const item = await watched('offer-stand-in', 20)
    const token = both.ebay.liveAccessTokens().at(-1)!
    const send = async (body: unknown) => {
      const response = await fetch(`${both.ebay.url}/sell/negotiation/v1/send_offer_to_interested_buyers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-ebay-c-marketplace-id': 'EBAY_US',
        },
        body: JSON.stringify(body),
      })
      return { status: response.status, errorId: ((await response.json()) as JsonBody).errors?.[0]?.errorId }
    }
    const price = { value: '30.00', currency: 'USD' }
    const one = { listingId: item.ebayListingId, price }
    const refusals: [unknown, number][] = [
      [{ offeredItems: [one, { ...one, listingId: '1' }] }, 150005],
      [{ offeredItems: [{ ...one, discountPercentage: '10' }] }, 150007],
      [{ offeredItems: [one], allowCounterOffer: true }, 150009],
      [{ offeredItems: [one], offerDuration: { unit: 'DAY', value: 7 } }, 150027],
      [{ offeredItems: [one], message: 'x'.repeat(2001) }, 150010],
      [{ offeredItems: 'one listing' }, 150009],
      [{ offeredItems: [] }, 150006],
    ]
    for (const [body, errorId] of refusals) expect((await send(body)).errorId, JSON.stringify(body)).toBe(errorId)
    expect(onEbay(item).offers).toEqual([])
  })
})
