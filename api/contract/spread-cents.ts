// A total in cents shared in proportion to weights, in whole cents that add up to the total exactly (issue 32): a haul's
// receipt over its items on the phone (1 each for evenly, the asking price for by price), and on the server an order's
// fees over its sales by their amounts. The cents left over by rounding down go to the shares that lost the most (the
// largest remainders), the first first on a tie.

/** How a receipt is shared: the same for each item, or in proportion to the prices they are listed at. */
export type SpreadBy = 'evenly' | 'price'

export function spreadCents(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0)
  if (weights.length === 0) return []
  if (sum <= 0)
    return spreadCents(
      totalCents,
      weights.map(() => 1),
    )
  const exact = weights.map((weight) => (totalCents * weight) / sum)
  const shares = exact.map(Math.floor)
  let left = totalCents - shares.reduce((total, share) => total + share, 0)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left === 0) break
    shares[index]! += 1
    left -= 1
  }
  return shares
}
