// Offers to interested buyers (issue 51, docs/decisions/0076): daily, for each seller whose offer rule is on, every
// marketplace with offers (its `offers` capability: names none) says which live listings have watchers; each one the
// rule picks (days listed, price band, category, keywords) gets one offer at the rule's discount, raised to its floor,
// and none when that is not the marketplace's smallest cut. The offer's round is taken in the database before the
// marketplace is called, so a run made again (the job twice, after a killed process) sends nothing twice: a round
// left sending is sent again, and a marketplace that has it already says so.
import { listedPrice } from '../../contract/listing.ts'
import { toCents } from '../../contract/listing-field-schemas.ts'
import {
  DEFAULT_OFFER_RULE,
  offerCents,
  OFFER_RUN_MAX,
  OFFERS_PAGE,
  type OfferRule,
  type OfferRunResult,
  type OffersPage,
} from '../../contract/offers.ts'
import type { Sql } from '../../db/client.ts'
import * as offers from '../../db/listing-offers.ts'
import { sellersWithOffersOn } from '../../db/price-rules.ts'
import type { JobQueue } from '../jobs.ts'
import {
  isRefusal,
  type OfferToSend,
  type OffersToInterested,
  type SellingMarketplace,
  type SellingMarketplaces,
} from '../selling/marketplace.ts'
import { floorsOf, rulesOf } from './floors.ts'

/** The daily run: queues each seller's run whose offer rule is on. */
export const OFFERS_DAILY_JOB = 'price-offers'
/** One seller's run. */
export const OFFERS_SELLER_JOB = 'price-offers-seller'
export interface OffersSellerJob {
  userId: number
}
const SELLERS_PAGE = 500

export interface Offers {
  /** Sends the rule's offers now (the seller's job); what it did. */
  run(userId: number): Promise<OfferRunResult>
  page(userId: number, before: number | null): Promise<OffersPage>
  daily(): Promise<void>
  runForSeller(job: OffersSellerJob): Promise<void>
}

type WithOffers = SellingMarketplace & { offers: OffersToInterested }

/** Whether the rule picks the listing: live long enough, priced within the band, of its category, with a keyword. */
function picks(rule: OfferRule, candidate: offers.OfferCandidate, priceCents: number) {
  const title = candidate.title.toLowerCase()
  return (
    candidate.daysLive >= rule.afterDays &&
    (rule.minPrice === null || priceCents >= toCents(rule.minPrice)) &&
    (rule.maxPrice === null || priceCents <= toCents(rule.maxPrice)) &&
    (rule.category === null || candidate.category === rule.category) &&
    (rule.keywords.length === 0 || rule.keywords.some((word) => title.includes(word.toLowerCase())))
  )
}

export function createOffers({
  sql,
  jobs,
  marketplaces,
}: {
  sql: Sql
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}): Offers {
  const withOffers = () => marketplaces.filter((marketplace): marketplace is WithOffers => !!marketplace.offers)

  /** Sends an offer whose round is taken; answers whether it reached buyers. */
  async function send(userId: number, marketplace: WithOffers, id: number, offer: OfferToSend) {
    const outcome = await marketplace.offers.send(userId, offer)
    if (outcome.sent) {
      await offers.markSent(sql, id, outcome.buyers, outcome.expiresAt)
      return true
    }
    // The marketplace has an offer of the seller's open on it already: this one, sent before a reply was lost.
    if (outcome.alreadyOpen) {
      await offers.markSent(sql, id, 0, new Date(Date.now() + marketplace.offers.openHours * 3_600_000))
      return true
    }
    await offers.markRefused(sql, id, outcome.refusal.message)
    return false
  }

  async function runOn(userId: number, marketplace: WithOffers, rule: OfferRule, result: OfferRunResult) {
    for (const left of await offers.offersSending(sql, userId, marketplace.id))
      if (await send(userId, marketplace, left.id, left)) result.sent += 1
    const eligible = await marketplace.offers.eligible(userId, OFFER_RUN_MAX)
    if (eligible.length === 0) return
    const candidates = await offers.offerCandidates(sql, userId, marketplace.id, eligible)
    const floors = await floorsOf(
      sql,
      userId,
      candidates.map(({ id }) => id),
    )
    for (const candidate of candidates) {
      const fromCents = toCents(listedPrice(candidate).value)
      if (!picks(rule, candidate, fromCents)) continue
      const floorCents = floors.get(candidate.id)?.priceCents ?? null
      if (floorCents === null) {
        result.withoutFloor += 1
        continue
      }
      const priceCents = offerCents(fromCents, floorCents, rule.percentOff, marketplace.offers.minPercentOff)
      if (priceCents === null) {
        result.atFloor += 1
        continue
      }
      const offer = {
        userId,
        listingId: candidate.id,
        marketplace: marketplace.id,
        externalId: candidate.externalId,
        fromCents,
        priceCents,
        floorCents,
        message: rule.message,
      }
      const id = await offers.takeRound(sql, offer)
      if (id === null) continue
      if (await send(userId, marketplace, id, offer)) result.sent += 1
      else result.refused += 1
    }
  }

  async function run(userId: number): Promise<OfferRunResult> {
    const rule = (await rulesOf(sql, userId)).offers ?? DEFAULT_OFFER_RULE
    const result: OfferRunResult = { sent: 0, atFloor: 0, withoutFloor: 0, refused: 0 }
    await offers.settleOffers(sql, userId)
    if (!rule.on) return result
    for (const marketplace of withOffers()) {
      try {
        await runOn(userId, marketplace, rule, result)
      } catch (error) {
        // Not connected there, or the grant lapsed: the other marketplaces go on. Busy or away: the job tries again.
        if (!isRefusal(error)) throw error
      }
    }
    return result
  }

  return {
    run,
    async page(userId, before) {
      await offers.settleOffers(sql, userId)
      const [rows, totals] = await Promise.all([
        offers.offersPage(sql, userId, before, OFFERS_PAGE),
        offers.offerTotals(sql, userId),
      ])
      const shown = rows.slice(0, OFFERS_PAGE)
      return {
        offers: shown.map(({ sentAt, expiresAt, saleId, orderId, saleCents, feesCents, ...offer }) => ({
          ...offer,
          sentAt: sentAt.toISOString(),
          expiresAt: expiresAt?.toISOString() ?? null,
          sale: saleId === null ? null : { saleId, orderId, amountCents: saleCents ?? 0, feesCents },
        })),
        next: rows.length > OFFERS_PAGE ? shown.at(-1)!.id : null,
        totals,
      }
    },
    async daily() {
      for (let after = 0; ;) {
        const page = await sellersWithOffersOn(sql, after, SELLERS_PAGE)
        for (const { userId } of page) await jobs.send(OFFERS_SELLER_JOB, { userId } satisfies OffersSellerJob)
        if (page.length < SELLERS_PAGE) return
        after = page.at(-1)!.userId
      }
    },
    async runForSeller({ userId }) {
      await run(userId)
    },
  }
}
