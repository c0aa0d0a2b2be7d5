// How Shopify's fees on a sale are estimated until its own are read (docs/decisions/0074).
import type { FeeEstimate } from '../fee-estimate.ts'

// Shopify Payments' published online card rate on the Basic plan (US, 2026): 2.9% + $0.30 of the order's total. A store
// on a bigger plan pays less, one using another payment provider pays that provider and Shopify's third-party fee.
export const SHOPIFY_FEE_ESTIMATE: FeeEstimate = {
  percent: 2.9,
  fixedCents: 30,
  basis: "Shopify Payments' published 2.9% + $0.30 online card rate (Basic plan), an estimate",
}
