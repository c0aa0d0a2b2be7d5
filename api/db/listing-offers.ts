// SQL for listing_offers: offers to the buyers watching a live listing (migration 0068, decision 0076), one a listing
// per round, the round's key taken before the marketplace is called; and their outcomes, settled from the sales read.
import type { OfferView } from '../contract/offers.ts'
import type { Sql, Tx } from './client.ts'

/** A live listing of the seller's a marketplace says has interested buyers, with what the offer rule reads of it. */
export interface OfferCandidate {
  id: number
  externalId: string
  title: string
  category: string
  askingPrice: number | null
  medianUsedPrice: number | null
  price: number
  daysLive: number
}

/**
 * The seller's listings live on the marketplace as these external ids, with pieces left, with no offer open there
 * (sending, or sent and not yet expired).
 */
export const offerCandidates = (sql: Sql, userId: number, marketplace: string, externalIds: string[]) =>
  sql<OfferCandidate[]>`
    select l.id, p.external_id, l.title, l.category, (l.asking_price_cents / 100.0)::float8 as asking_price,
      l.median_used_price, l.price, floor(extract(epoch from now() - s.since) / 86400)::int as days_live
    from listing_places p join listings l on l.id = p.listing_id
    join lateral (select min(created_at) as since from listing_places
      where listing_id = l.id and state = 'live') s on true
    where p.marketplace = ${marketplace} and p.state = 'live' and p.external_id = any(${externalIds}::text[])
      and l.user_id = ${userId} and l.deleting_since is null and l.quantity > 0 and not l.sold_out
      and not exists (select 1 from listing_offers o where o.listing_id = l.id and o.marketplace = ${marketplace}
        and (o.state = 'sending' or (o.state = 'sent' and o.expires_at > now())))
    order by l.id`

export interface NewOffer {
  userId: number
  listingId: number
  marketplace: string
  externalId: string
  fromCents: number
  priceCents: number
  floorCents: number
  message: string
}

/**
 * Takes the listing's next round for this offer, as sending; null when one is open (or another run took the round):
 * then nothing is to be sent.
 */
export async function takeRound(sql: Sql, offer: NewOffer): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`
    insert into listing_offers (user_id, listing_id, marketplace, round, external_id, from_cents, price_cents,
      floor_cents, message, state)
    select ${offer.userId}, ${offer.listingId}, ${offer.marketplace}, coalesce(max(round), 0) + 1, ${offer.externalId},
      ${offer.fromCents}, ${offer.priceCents}, ${offer.floorCents}, ${offer.message}, 'sending'
    from listing_offers where listing_id = ${offer.listingId} and marketplace = ${offer.marketplace}
    having not coalesce(bool_or(state = 'sending' or (state = 'sent' and expires_at > now())), false)
    on conflict do nothing returning id`
  return row?.id ?? null
}

/** Offers left sending by a run that stopped midway (a killed process): the marketplace may or may not have them. */
export const offersSending = (sql: Sql, userId: number, marketplace: string) =>
  sql<{ id: number; externalId: string; priceCents: number; message: string }[]>`
    select id, external_id, price_cents, message from listing_offers
    where user_id = ${userId} and marketplace = ${marketplace} and state = 'sending' order by id`

export async function markSent(sql: Sql, id: number, buyers: number, expiresAt: Date) {
  await sql`update listing_offers set state = 'sent', buyers = ${buyers}, expires_at = ${expiresAt}
    where id = ${id} and state = 'sending'`
}

export async function markRefused(sql: Sql, id: number, refusal: string) {
  await sql`update listing_offers set state = 'refused', refusal = ${refusal} where id = ${id} and state = 'sending'`
}

/**
 * Settles the seller's offers from the sales read: one whose listing sold there at its price while it was open is
 * accepted, linked to that sale (a sale once); one sent whose time ran out with none is expired.
 */
export async function settleOffers(sql: Sql | Tx, userId: number) {
  await sql`
    update listing_offers o set state = 'accepted', sale_id = (
      select s.sale_id from marketplace_sales s
      where s.marketplace = o.marketplace and s.listing_id = o.listing_id and s.unit_price_cents = o.price_cents
        and s.sold_at >= o.sent_at and s.sold_at <= o.expires_at
        and not exists (select 1 from listing_offers x where x.marketplace = s.marketplace and x.sale_id = s.sale_id)
      order by s.sold_at limit 1)
    where o.user_id = ${userId} and o.state in ('sent', 'expired') and exists (
      select 1 from marketplace_sales s
      where s.marketplace = o.marketplace and s.listing_id = o.listing_id and s.unit_price_cents = o.price_cents
        and s.sold_at >= o.sent_at and s.sold_at <= o.expires_at
        and not exists (select 1 from listing_offers x where x.marketplace = s.marketplace and x.sale_id = s.sale_id))`
  await sql`update listing_offers set state = 'expired'
    where user_id = ${userId} and state = 'sent' and expires_at <= now()`
}

/** A page of the seller's offers, newest first, before offer `before` when given: `limit` and one more. */
export const offersPage = (sql: Sql, userId: number, before: number | null, limit: number) =>
  sql<
    (Omit<OfferView, 'sentAt' | 'expiresAt' | 'sale'> & {
      sentAt: Date
      expiresAt: Date | null
      saleId: string | null
      orderId: string | null
      saleCents: number | null
      feesCents: number | null
    })[]
  >`
    select o.id, o.listing_id, l.title, o.marketplace, o.state, o.from_cents, o.price_cents, o.floor_cents, o.buyers,
      o.sent_at, o.expires_at, o.refusal, o.sale_id, s.order_id, s.unit_price_cents * s.quantity as sale_cents,
      s.fees_cents
    from listing_offers o join listings l on l.id = o.listing_id
    left join marketplace_sales s on s.marketplace = o.marketplace and s.sale_id = o.sale_id
    where o.user_id = ${userId} and (${before}::int is null or o.id < ${before}::int)
    order by o.id desc limit ${limit + 1}`

/** Every offer of the seller counted: sent (reached buyers), accepted, and what the accepted ones' buyers paid. */
export async function offerTotals(sql: Sql, userId: number) {
  const [row] = await sql<{ sent: number; accepted: number; revenueCents: number }[]>`
    select count(*) filter (where o.state in ('sent', 'accepted', 'expired'))::int as sent,
      count(*) filter (where o.state = 'accepted')::int as accepted,
      coalesce(sum(s.unit_price_cents * s.quantity) filter (where o.state = 'accepted'), 0)::int as revenue_cents
    from listing_offers o
    left join marketplace_sales s on s.marketplace = o.marketplace and s.sale_id = o.sale_id
    where o.user_id = ${userId}`
  return row!
}
