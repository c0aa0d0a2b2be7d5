// How eBay's fees on a sale are estimated until eBay's own are read (docs/decisions/0042).
import type { FeeEstimate } from '../fee-estimate.ts'

// eBay US, most categories (2026): the final value fee, 13.6% of the total the buyer paid, plus $0.40 an order.
export const EBAY_FEE_ESTIMATE: FeeEstimate = {
  percent: 13.6,
  fixedCents: 40,
  basis: "eBay's final value fee: 13.6% of the sale and shipping, plus $0.40",
}
