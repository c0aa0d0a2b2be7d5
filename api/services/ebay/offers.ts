// eBay's offers to interested buyers (issue 51, docs/decisions/0076): the Sell Negotiation API's findEligibleItems
// (the seller's listings with watchers, 200 a page) and sendOfferToInterestedBuyers (one listing a call, at an exact
// price, no counter-offers, eBay's fixed 2 days). An offer already open on the listing (150019) is one eBay has: a
// send whose reply was lost and is made again is told so, rather than sending twice.
import * as v from 'valibot'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { OfferOutcome, OffersToInterested } from '../selling/marketplace.ts'
import { EbayRefusal, readReply, type EbaySellClient } from './sell-api.ts'

const NEGOTIATION = '/sell/negotiation/v1'
/** findEligibleItems' largest page. */
const PAGE = 200
/** "offerDuration currently defaults to 2 days and you cannot set it to any other value." */
const OFFER_DAYS = 2
/** "Offer is invalid. Listing … currently has a seller-initiated negotiation." */
const ALREADY_OPEN = 150019

const EligibleSchema = v.object({
  eligibleItems: v.optional(v.array(v.object({ listingId: v.string() })), []),
  total: v.optional(v.number(), 0),
})
const SentSchema = v.object({
  offers: v.optional(v.array(v.object({ creationDate: v.optional(v.string()) })), []),
})

const dollars = (cents: number) => (cents / 100).toFixed(2)

export function createEbayOffers({
  sell,
  connectionService,
}: {
  sell: EbaySellClient
  connectionService: Pick<MarketplaceConnectionService, 'call'>
}): OffersToInterested {
  return {
    openHours: OFFER_DAYS * 24,
    minPercentOff: 5,
    async eligible(userId, max) {
      const found: string[] = []
      for (let offset = 0; found.length < max; offset += PAGE) {
        const reply = await connectionService.call(userId, 'ebay', (token) =>
          sell.send(token, {
            method: 'GET',
            path: `${NEGOTIATION}/find_eligible_items?limit=${PAGE}&offset=${offset}`,
          }),
        )
        // 204: none eligible.
        if (reply.status === 204) break
        const page = readReply(EligibleSchema, reply)
        found.push(...page.eligibleItems.map((item) => item.listingId))
        if (page.eligibleItems.length < PAGE || offset + PAGE >= page.total) break
      }
      return found.slice(0, max)
    },
    async send(userId, { externalId, priceCents, message }): Promise<OfferOutcome> {
      const body = {
        allowCounterOffer: false,
        message,
        offerDuration: { unit: 'DAY', value: OFFER_DAYS },
        offeredItems: [{ listingId: externalId, price: { value: dollars(priceCents), currency: 'USD' }, quantity: 1 }],
      }
      try {
        const reply = await connectionService.call(userId, 'ebay', (token) =>
          sell.send(token, { method: 'POST', path: `${NEGOTIATION}/send_offer_to_interested_buyers`, body }),
        )
        const { offers } = readReply(SentSchema, reply)
        const from = Date.parse(offers[0]?.creationDate ?? '') || Date.now()
        return { sent: true, buyers: offers.length, expiresAt: new Date(from + OFFER_DAYS * 86_400_000) }
      } catch (error) {
        if (!(error instanceof EbayRefusal)) throw error
        return {
          sent: false,
          alreadyOpen: error.errorIds.includes(ALREADY_OPEN),
          refusal: { code: `ebay_${error.errorIds[0] ?? 'refused'}`, message: error.message },
        }
      }
    },
  }
}
