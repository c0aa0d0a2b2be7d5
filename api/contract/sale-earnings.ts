// What each sale earned (issue 32, docs/decisions/0042): the price and the shipping the buyer paid, the marketplace's
// fees and the label bought there, the items' cost, and so the profit. GET /api/listings/{id}/sales answers a listing's
// sales with it. Until the marketplace's figures are read, the fees are an estimate whose basis is said; the estimate
// and the profit are worked out here, once, for the server, the CSV and the screens alike. A sale beyond the stock
// (sold twice) counts none of its pieces until the seller settles it (docs/decisions/0056).
import type { ReturnedAs, SoldOn } from './listing.ts'
import type { ListingStep } from './listing-steps.ts'
import { FEE_ESTIMATES } from './marketplace-descriptions.ts'

export type { FeeEstimate } from './fee-estimate.ts'

/** estimated: nothing read yet; read: the marketplace's figures, which can still change; settled: final; entered: the seller's. */
export type FeesState = 'estimated' | 'read' | 'settled' | 'entered'

/** One of the marketplace's fee lines, as it names it (FINAL_VALUE_FEE, transaction, …). */
export interface FeeLine {
  type: string
  cents: number
}

/**
 * How the seller settled a sale beyond the stock (sold twice, docs/decisions/0056): 'cancelled' (the extra order was
 * cancelled or settled with its buyer: nothing shipped) or 'sent' (another piece went to the buyer from other stock).
 */
export const SHORT_SETTLEMENTS = ['cancelled', 'sent'] as const
export type ShortSettlement = (typeof SHORT_SETTLEMENTS)[number]

/** Where a return stands: the marketplace reported it (the seller is to say), or the seller said how it came back. */
export type ReturnState = 'reported' | ReturnedAs

/** A sale's figures as stored (cents); cost is the listing's cost of one piece, null when the seller has not said. */
export interface SaleFigures {
  marketplace: SoldOn
  quantity: number
  unitPriceCents: number | null
  shippingCents: number | null
  feesCents: number | null
  labelCents: number | null
  feesState: FeesState
  unitCostCents: number | null
  /** Pieces sold beyond the stock (sold twice): no piece was left to send them. */
  short: number
  /** How the seller settled those pieces; null while they have not (then they are to cancel). */
  settledAs: ShortSettlement | null
  /** The marketplace cancelled the sale after it was applied (docs/decisions/0065): its pieces went back. */
  cancelled: boolean
  /** Pieces given back before the whole sale was: some cancelled (a part refund), or returned (decision 0070). */
  cancelledPieces: number
  returnState: ReturnState | null
  /** What the marketplace says the buyer was refunded of the sale, in all (decision 0072). */
  refundCents: number
}

/**
 * Where a sale stands in the books: sold (counted); to-cancel (it sold pieces that were not there: left out until the
 * seller settles it); cancelled (by the marketplace, or settled without shipping: left out); sent (settled by sending
 * other stock: counted); back-in-stock or damaged (returned, as the seller said: left out).
 */
export type SaleStanding = 'sold' | 'to-cancel' | ShortSettlement | ReturnedAs

/** The standing in a word or two, for the CSV's Status and the screens alike. */
export const SALE_STANDING_LABELS: Record<SaleStanding, string> = {
  sold: 'Sold',
  'to-cancel': 'To cancel',
  cancelled: 'Cancelled',
  sent: 'Sent from other stock',
  'back-in-stock': 'Returned — back in stock',
  damaged: 'Returned — damaged',
}

export const standingOf = (
  sale: Pick<SaleFigures, 'short' | 'settledAs' | 'cancelled' | 'returnState'>,
): SaleStanding =>
  sale.returnState && sale.returnState !== 'reported'
    ? sale.returnState
    : sale.cancelled
      ? 'cancelled'
      : sale.short === 0
        ? 'sold'
        : (sale.settledAs ?? 'to-cancel')

/**
 * The pieces of a sale its books count: all, but those beyond the stock unless the seller sent them anyway, those
 * given back (cancelled or returned), and none of a sale the marketplace cancelled.
 */
export const countedPieces = (
  sale: Pick<SaleFigures, 'quantity' | 'short' | 'settledAs' | 'cancelled' | 'cancelledPieces'>,
) => (sale.cancelled ? 0 : sale.quantity - sale.cancelledPieces - (sale.settledAs === 'sent' ? 0 : sale.short))

/**
 * A figure of the whole sale (shipping paid, fees, the label) for its counted pieces: all of it, none, or its share
 * rounded to the cent. SQL sums the same (api/db/marketplace-sales.ts countedShareSql), so the two agree to the cent.
 */
export function countedShare(cents: number, counted: number, quantity: number): number {
  if (counted === quantity) return cents
  return counted === 0 ? 0 : Math.round((cents * counted) / quantity)
}

export interface Earnings {
  /** What the buyer paid for the items and for shipping. */
  saleCents: number | null
  shippingCents: number
  /** Refunded beyond the pieces given back (a part refund that kept the piece, shipping refunded): off the revenue. */
  refundedCents: number
  feesCents: number
  labelCents: number
  costCents: number | null
  /** Null while the sale price or the cost is unknown. */
  profitCents: number | null
  /** The fees are not the marketplace's own figures yet: how they were estimated. */
  estimateBasis: string | null
}

/** A marketplace's fees on a sale before they are read: its published rates on what the buyer paid. */
export function estimatedFeesCents(marketplace: SoldOn, saleCents: number, shippingCents: number): number | null {
  if (marketplace === 'elsewhere') return null
  const { percent, fixedCents } = FEE_ESTIMATES[marketplace]
  return Math.round((saleCents + shippingCents) * (percent / 100)) + fixedCents
}

/**
 * The refund beyond the pieces given back (docs/decisions/0072): what the marketplace says the buyer got back, less
 * what the pieces and shipping no longer counted were worth, never below nothing. A sale cancelled whole, or a part
 * refund that gave back the pieces it paid for, has none; a refund of shipping, or of a price, that kept the pieces
 * has all of it. SQL sums the same (api/db/marketplace-sales.ts REFUNDED_SQL).
 */
export function refundedCents(sale: SaleFigures, counted = countedPieces(sale)): number {
  const unit = sale.unitPriceCents ?? 0
  const shipping = sale.shippingCents ?? 0
  const notCounted = unit * (sale.quantity - counted) + shipping - countedShare(shipping, counted, sale.quantity)
  return Math.max(sale.refundCents - notCounted, 0)
}

/**
 * The fees a sale's books count: the marketplace's own figures once read (net of what it credited back on a
 * cancellation or refund, decision 0072) while any piece counts or some were given back; otherwise (estimated, entered,
 * or a sale to cancel) those of the counted pieces.
 */
export function countedFeesCents(sale: SaleFigures, counted = countedPieces(sale)): number {
  const read = sale.feesState === 'read' || sale.feesState === 'settled'
  const fees = sale.feesCents ?? 0
  return read && (counted > 0 || sale.cancelledPieces > 0) ? fees : countedShare(fees, counted, sale.quantity)
}

/**
 * Profit = sale + shipping paid − refunded − fees − label − cost, of the pieces counted (countedPieces). The fees are
 * the best figure known (an estimate kept with the sale until the marketplace's are read), so sums in SQL and this
 * agree to the cent.
 */
export function earningsOf(sale: SaleFigures): Earnings {
  // Only the pieces the books count: a sale to cancel (sold twice) earns nothing until the seller settles it.
  const counted = countedPieces(sale)
  const share = (cents: number | null) => countedShare(cents ?? 0, counted, sale.quantity)
  const saleCents = sale.unitPriceCents === null ? null : sale.unitPriceCents * counted
  const shippingCents = share(sale.shippingCents)
  const refunded = refundedCents(sale, counted)
  const labelCents = share(sale.labelCents)
  const feesCents = countedFeesCents(sale, counted)
  const costCents = sale.unitCostCents === null ? null : sale.unitCostCents * counted
  const estimate =
    sale.feesState === 'estimated' && sale.marketplace !== 'elsewhere' ? FEE_ESTIMATES[sale.marketplace] : null
  const profitCents =
    saleCents === null || costCents === null
      ? null
      : saleCents + shippingCents - refunded - feesCents - labelCents - costCents
  return {
    saleCents,
    shippingCents,
    refundedCents: refunded,
    feesCents,
    labelCents,
    costCents,
    profitCents,
    estimateBasis: estimate?.basis ?? null,
  }
}

/** A sale of a listing with what it earned, in dollars (GET /api/listings/{id}/sales). */
export interface SaleEarnings {
  marketplace: SoldOn
  /** The marketplace's id of the sale, which a return names (POST /api/listings/{id}/returned). */
  saleId: string
  /** The marketplace reported the buyer sent it back ('reported': the seller is to say how), or how it came back. */
  returnState: ReturnState | null
  /** The marketplace's order or receipt number; where, for a sale elsewhere. */
  orderId: string | null
  soldAt: string
  quantity: number
  /** Where it stands in the books; the figures below are of the pieces counted (none while it is to cancel). */
  standing: SaleStanding
  counted: number
  sale: number | null
  shipping: number
  /** Refunded beyond the pieces given back (a part refund that kept them): off what it earned. */
  refunded: number
  fees: number
  feesState: FeesState
  feeLines: FeeLine[]
  label: number
  cost: number | null
  profit: number | null
  estimateBasis: string | null
}

export interface ListingSales {
  sales: SaleEarnings[]
  /** What happened to the listing, oldest first: sold → cancelled → live again (docs/decisions/0073). */
  history: ListingStep[]
}

/** A sale as stored, with how the seller finds it, as the seller reads it (in dollars). */
export interface StoredSale extends SaleFigures {
  saleId: string
  orderId: string | null
  soldWhere: string | null
  soldAt: Date
  feeLines: FeeLine[]
}

const dollars = (cents: number | null) => (cents === null ? null : cents / 100)

export function saleEarningsOf(row: StoredSale): SaleEarnings {
  const earned = earningsOf(row)
  return {
    marketplace: row.marketplace,
    saleId: row.saleId,
    returnState: row.returnState,
    orderId: row.marketplace === 'elsewhere' ? row.soldWhere : row.orderId,
    soldAt: row.soldAt.toISOString(),
    quantity: row.quantity,
    standing: standingOf(row),
    counted: countedPieces(row),
    sale: dollars(earned.saleCents),
    shipping: earned.shippingCents / 100,
    refunded: earned.refundedCents / 100,
    fees: earned.feesCents / 100,
    feesState: row.feesState,
    feeLines: row.feeLines,
    label: earned.labelCents / 100,
    cost: dollars(earned.costCents),
    profit: dollars(earned.profitCents),
    estimateBasis: earned.estimateBasis,
  }
}
