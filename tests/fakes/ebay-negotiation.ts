// What the eBay stand-in adds for offers to interested buyers (issue 51): the Sell Negotiation API's
// findEligibleItems and sendOfferToInterestedBuyers, checked against eBay's own contract
// (tests/contracts/ebay/sell_negotiation_v1_oas3.json) and refusing what its method pages say eBay refuses: more than one listing a call, a price not at least 5% under
// the listing's or both a price and a percent, counter-offers (not supported), a duration other than eBay's fixed
// 2 days, a message over 2,000 characters, a listing with no interested buyers or an offer already open. A listing is
// eligible while it is live and has watchers not yet sent an offer on it (a test adds watchers). A buyer accepting an
// offer buys at its price: an order among the stand-in's orders, read by the sales poll like any other. Busy and down
// as the other Sell APIs (their /sell/* switch applies here too).
import { Hono, type Context } from 'hono'
import { randomInt } from 'node:crypto'
import { createContractChecker } from './ebay-contracts.ts'
import { inventoryOf, restErrors, sellItem, type BearerToken, type FakeOrder, type SellState } from './ebay-sell.ts'

const negotiationContract = createContractChecker('sell_negotiation_v1_oas3.json')
const SCOPES = {
  write: 'https://api.ebay.com/oauth/api_scope/sell.inventory',
  read: 'https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
}
/** "offerDuration currently defaults to 2 days and you cannot set it to any other value." */
const EBAY_OFFER_DAYS = 2
const MESSAGE_MAX = 2000
/** "Price must be at least 5% less than your Buy It Now price." */
const MIN_DISCOUNT_PERCENT = 5
const LIMIT_MAX = 200

/** A seller's offer on one listing, sent to its watchers. */
export interface FakeNegotiation {
  offerId: string
  seller: string
  listingId: string
  sku: string
  price: number
  message: string
  buyers: string[]
  createdAt: number
  status: 'PENDING' | 'ACCEPTED' | 'EXPIRED'
  orderId?: string
}

export interface NegotiationState {
  /** Watchers by eBay listing id, and those already sent an offer on it. */
  watchers: Map<string, { watching: Set<string>; offered: Set<string> }>
  offers: Map<string, FakeNegotiation>
  /** Every send's body, as eBay got it (a test checks what reached eBay). */
  sent: unknown[]
}

export const createNegotiationState = (): NegotiationState => ({ watchers: new Map(), offers: new Map(), sent: [] })

const negotiationError = (c: Context, status: 400 | 409, errorId: number, message: string) =>
  restErrors(c, status, [
    { errorId, message, domain: 'API_NEGOTIATION', category: status === 400 ? 'REQUEST' : 'BUSINESS' },
  ])

/** The seller's live listing's SKU and price, by eBay listing id; undefined when not theirs or not live. */
function liveListing(sell: SellState, seller: string, listingId: string) {
  const entry = sell.listings.get(listingId)
  if (entry?.seller !== seller) return undefined
  const offer = [...inventoryOf(sell, seller).offers.values()].find((held) => held.listingId === listingId)
  if (offer?.status !== 'PUBLISHED') return { ended: true as const, sku: entry.sku, price: 0 }
  const price = Number((offer.body.pricingSummary as { price: { value: string } }).price.value)
  return { ended: false as const, sku: entry.sku, price }
}

const isOpen = (offer: FakeNegotiation, now: number) =>
  offer.status === 'PENDING' && now < offer.createdAt + EBAY_OFFER_DAYS * 86_400_000

/** Watchers of the listing who have had no offer on it yet. */
function interested(state: NegotiationState, listingId: string): string[] {
  const held = state.watchers.get(listingId)
  return held ? [...held.watching].filter((buyer) => !held.offered.has(buyer)) : []
}

const openOn = (state: NegotiationState, listingId: string) =>
  [...state.offers.values()].some((offer) => offer.listingId === listingId && isOpen(offer, Date.now()))

function eligible(state: NegotiationState, sell: SellState, seller: string): string[] {
  return [...state.watchers.keys()].filter(
    (listingId) =>
      liveListing(sell, seller, listingId)?.ended === false &&
      interested(state, listingId).length > 0 &&
      !openOn(state, listingId),
  )
}

/** `count` more buyers watch the listing. */
export function addWatchers(state: NegotiationState, listingId: string, count = 1) {
  const held = state.watchers.get(listingId) ?? { watching: new Set(), offered: new Set() }
  for (let index = 0; index < count; index += 1) held.watching.add(`buyer-${held.watching.size + 1}`)
  state.watchers.set(listingId, held)
}

/** One of the offer's buyers accepts it: they buy one at the offer's price, an order like any other. */
export function acceptOffer(state: NegotiationState, sell: SellState, offerId: string): FakeOrder {
  const offer = state.offers.get(offerId)
  if (!offer || !isOpen(offer, Date.now())) throw new Error(`offer ${offerId} is not open`)
  const order = sellItem(sell, offer.seller, offer.sku, 1, new Date(), 0, offer.price)
  offer.status = 'ACCEPTED'
  offer.orderId = order.orderId
  return order
}

/** The offer's two days pass with no buyer accepting it. */
export function expireOffer(state: NegotiationState, offerId: string) {
  const offer = state.offers.get(offerId)
  if (offer?.status === 'PENDING') offer.status = 'EXPIRED'
}

interface OfferedItem {
  listingId?: string
  price?: { value?: string; currency?: string }
  discountPercentage?: string
  quantity?: number
}
interface CreateOffersRequest {
  allowCounterOffer?: boolean
  message?: string
  offerDuration?: { unit?: string; value?: number }
  offeredItems?: OfferedItem[]
}

/** An order was made for the seller (ebay.ts pushes it to their subscription). */
type Ordered = (seller: string, order: FakeOrder) => FakeOrder

export function negotiationRoutes(state: NegotiationState, sell: SellState, bearer: BearerToken, ordered: Ordered) {
  function refused(c: Context, scopes: string[]): Response | undefined {
    const token = bearer(c)
    if (!token) return restErrors(c, 401, [{ errorId: 1001, message: 'Invalid access token.', domain: 'ACCESS' }])
    if (!token.scopes.some((scope) => scopes.includes(scope)))
      return restErrors(c, 403, [
        { errorId: 1100, message: 'Access denied. Insufficient permissions.', domain: 'ACCESS' },
      ])
    if (!c.req.header('x-ebay-c-marketplace-id'))
      return negotiationError(c, 400, 150001, 'Mandatory headers are missing.')
    if (c.req.header('x-ebay-c-marketplace-id') !== 'EBAY_US')
      return negotiationError(
        c,
        400,
        150002,
        'The marketplace value is not supported. The supported values are: EBAY_US',
      )
    return undefined
  }

  /** What eBay refuses of a send, in its words; undefined when the offer goes out. */
  function sendProblem(c: Context, seller: string, body: CreateOffersRequest): Response | undefined {
    const items = body.offeredItems ?? []
    if (items.length === 0) return negotiationError(c, 400, 150006, 'Request cannot be null/empty.')
    if (items.length > 1)
      return negotiationError(c, 400, 150005, `Offer contains multiple listings ${items.map((i) => i.listingId)}.`)
    const item = items[0]!
    if (item.price && item.discountPercentage)
      return negotiationError(
        c,
        400,
        150007,
        'Both offer price and discount percentage cannot be present in the request.',
      )
    if (body.allowCounterOffer)
      return negotiationError(c, 400, 150009, 'Invalid value for allowCounterOffer. Counter-offers are not supported.')
    const duration = body.offerDuration
    if (duration && (duration.unit !== 'DAY' || duration.value !== EBAY_OFFER_DAYS))
      return negotiationError(c, 400, 150027, `Offer is invalid. Please specify a valid duration of 2 DAY`)
    if ((body.message ?? '').length > MESSAGE_MAX)
      return negotiationError(
        c,
        409,
        150010,
        'Invalid message. Message cannot contain HTML or blocked words and cannot exceed maximum character limit of 2000.',
      )
    const listingId = item.listingId ?? ''
    const listing = liveListing(sell, seller, listingId)
    if (!listing)
      return negotiationError(c, 409, 150012, `Invalid listingId ${listingId}. No such listing for this seller.`)
    if (listing.ended)
      return negotiationError(c, 409, 150011, `Invalid listingId ${listingId}. The listing for this offer has ended.`)
    if (openOn(state, listingId))
      return negotiationError(
        c,
        409,
        150019,
        `Offer is invalid. Listing ${listingId} currently has a seller-initiated negotiation.`,
      )
    if (interested(state, listingId).length === 0)
      return negotiationError(c, 409, 150020, `Listing ${listingId} has no interested buyers.`)
    const percent = item.discountPercentage ? Number(item.discountPercentage) : undefined
    const price = item.price ? Number(item.price.value) : undefined
    if (price === undefined && percent === undefined)
      return negotiationError(c, 400, 150009, 'Invalid value for price. Specify price or discountPercentage.')
    if (price !== undefined && price >= listing.price)
      return negotiationError(
        c,
        409,
        150016,
        `Invalid price for listing ${listingId}. Price value exceeds the listing price.`,
      )
    const offered = price ?? listing.price * (1 - (percent ?? 0) / 100)
    if (offered > listing.price * (1 - MIN_DISCOUNT_PERCENT / 100) + 1e-9)
      return negotiationError(c, 400, 150008, 'Price must be at least 5% less than your Buy It Now price.')
    return undefined
  }

  return (
    new Hono()
      .get('/sell/negotiation/v1/find_eligible_items', (c) => {
        const problem = refused(c, [SCOPES.write, SCOPES.read])
        if (problem) return problem
        const unknown = negotiationContract.unknownQuery('findEligibleItems', Object.keys(c.req.query()))
        if (unknown.length) return negotiationError(c, 400, 150009, `Invalid value for ${unknown.join(', ')}.`)
        const limit = Number(c.req.query('limit') ?? 10)
        const offset = Number(c.req.query('offset') ?? 0)
        if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX)
          return negotiationError(c, 400, 150003, `Invalid limit. Limit should be between 1 and ${LIMIT_MAX}.`)
        if (!Number.isInteger(offset) || offset < 0)
          return negotiationError(c, 400, 150004, 'Invalid offset. Offset cannot be less than 0.')
        const all = eligible(state, sell, bearer(c)!.seller)
        if (all.length === 0) return c.body(null, 204)
        const base = new URL(c.req.url)
        const page = (at: number) => {
          base.searchParams.set('limit', String(limit))
          base.searchParams.set('offset', String(at))
          return base.toString()
        }
        return c.json({
          href: c.req.url,
          limit,
          offset,
          total: all.length,
          eligibleItems: all.slice(offset, offset + limit).map((listingId) => ({ listingId })),
          ...(offset + limit < all.length ? { next: page(offset + limit) } : {}),
          ...(offset > 0 ? { prev: page(Math.max(offset - limit, 0)) } : {}),
        })
      })
      .post('/sell/negotiation/v1/send_offer_to_interested_buyers', async (c) => {
        const problem = refused(c, [SCOPES.write])
        if (problem) return problem
        if (!c.req.header('content-type')?.startsWith('application/json'))
          return negotiationError(c, 400, 150006, 'Request cannot be null/empty.')
        const body: unknown = await c.req.json().catch(() => undefined)
        const problems =
          body === undefined
            ? [{ at: '', message: 'is not JSON' }]
            : negotiationContract.check('sendOfferToInterestedBuyers', body)
        if (problems.length)
          return negotiationError(
            c,
            400,
            150009,
            problems.map((each) => `${each.at || 'body'} ${each.message}`).join('; '),
          )
        state.sent.push(body)
        const seller = bearer(c)!.seller
        const request = body as CreateOffersRequest
        const refusal = sendProblem(c, seller, request)
        if (refusal) return refusal
        const item = request.offeredItems![0]!
        const listing = liveListing(sell, seller, item.listingId!)!
        const price = item.price
          ? Number(item.price.value)
          : Math.round(listing.price * (100 - Number(item.discountPercentage))) / 100
        const buyers = interested(state, item.listingId!)
        state.watchers.get(item.listingId!)!.offered = new Set([
          ...state.watchers.get(item.listingId!)!.offered,
          ...buyers,
        ])
        const createdAt = Date.now()
        const made = buyers.map((buyer): FakeNegotiation => ({
          offerId: String(randomInt(1e9, 9e9)),
          seller,
          listingId: item.listingId!,
          sku: listing.sku,
          price,
          message: request.message ?? '',
          buyers: [buyer],
          createdAt,
          status: 'PENDING',
        }))
        for (const offer of made) state.offers.set(offer.offerId, offer)
        const when = new Date(createdAt).toISOString()
        return c.json({
          offers: made.map((offer) => ({
            offerId: offer.offerId,
            offerStatus: 'PENDING',
            offerType: 'SELLER_INITIATED_OFFER',
            allowCounterOffer: false,
            buyer: { maskedUsername: `${offer.buyers[0]!.slice(0, 1)}***${offer.buyers[0]!.slice(-1)}` },
            creationDate: when,
            lastModifiedDate: when,
            initiatedBy: seller,
            message: offer.message,
            offerDuration: { unit: 'DAY', value: EBAY_OFFER_DAYS },
            offeredItems: [
              { listingId: offer.listingId, price: { value: price.toFixed(2), currency: 'USD' }, quantity: 1 },
            ],
            revision: '1',
          })),
        })
      })
      // A test's way to add watchers and play the buyers: {"listingId", "watchers": 2} or {"offerId", "accept": true}.
      .post('/__control/negotiation', async (c) => {
        const { listingId, watchers, offerId, accept, expire } = (await c.req.json().catch(() => ({}))) as {
          listingId?: string
          watchers?: number
          offerId?: string
          accept?: boolean
          expire?: boolean
        }
        try {
          if (listingId) addWatchers(state, listingId, watchers ?? 1)
          if (offerId && accept) {
            const order = acceptOffer(state, sell, offerId)
            return c.json({ order: ordered(state.offers.get(offerId)!.seller, order) })
          }
          if (offerId && expire) expireOffer(state, offerId)
        } catch (error) {
          return c.json({ message: (error as Error).message }, 400)
        }
        return c.json({ offers: [...state.offers.values()] })
      })
  )
}
