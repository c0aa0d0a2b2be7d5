// The shape of a marketplace's fee estimate, apart from sale-earnings.ts (which composes every wing's) so that a
// wing's own estimate (contract/<marketplace>/<marketplace>-fees.ts) imports no module that imports it.

/** How a marketplace's fees are estimated before they are read: a share of the sale and shipping, plus a fixed part. */
export interface FeeEstimate {
  percent: number
  fixedCents: number
  basis: string
}
