// How Etsy's fees on a sale are estimated until Etsy's own are read (docs/decisions/0042).
import type { FeeEstimate } from '../fee-estimate.ts'

// Etsy (2026): the 6.5% transaction fee and 3% + $0.25 payment processing, on the sale and shipping, plus the $0.20
// listing fee.
export const ETSY_FEE_ESTIMATE: FeeEstimate = {
  percent: 9.5,
  fixedCents: 45,
  basis:
    "Etsy's 6.5% transaction fee and 3% + $0.25 payment processing on the sale and shipping, plus the $0.20 listing fee",
}
