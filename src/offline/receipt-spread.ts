// A haul's receipt spread over its items (issue 32): the total paid shared in proportion to each item's weight (1 each
// for evenly, the asking price for by price), in whole cents that add up to the total exactly. The cents left over by
// rounding down go to the items whose shares lost the most (the largest remainders), the first items first on a tie.

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
