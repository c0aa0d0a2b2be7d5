// The Shopify stand-in's rate limit, Shopify's leaky bucket of query cost (shopify.dev/docs/api/usage/limits): a
// request takes its requested cost from the bucket or is refused THROTTLED, the bucket refills at the restore rate, and
// every answer carries the cost and the bucket's state in `extensions.cost`.
export interface ThrottleStatus {
  maximumAvailable: number
  currentlyAvailable: number
  restoreRate: number
}

export interface CostExtension {
  requestedQueryCost: number
  actualQueryCost: number | null
  throttleStatus: ThrottleStatus
}

/** A single query may cost at most this much (MAX_COST_EXCEEDED), whatever the bucket holds. */
export const MAX_QUERY_COST = 1000

export interface CostBucket {
  /** Takes the cost when the bucket holds it: the cost extension, and whether it was taken. */
  take(cost: number): { taken: boolean; cost: CostExtension }
  /** Empties the bucket, as a burst of other calls on the same store would. */
  drain(): void
}

// Shopify's standard plan: a bucket of 2000 points refilled at 100 a second.
export function createCostBucket(
  { maximumAvailable = 2000, restoreRate = 100 } = {},
  now: () => number = Date.now,
): CostBucket {
  let available = maximumAvailable
  let at = now()
  const refill = () => {
    const time = now()
    available = Math.min(maximumAvailable, available + ((time - at) / 1000) * restoreRate)
    at = time
  }
  const status = (): ThrottleStatus => ({
    maximumAvailable,
    currentlyAvailable: Math.floor(available),
    restoreRate,
  })
  return {
    take(cost) {
      refill()
      const taken = cost <= available
      if (taken) available -= cost
      return {
        taken,
        cost: { requestedQueryCost: cost, actualQueryCost: taken ? cost : null, throttleStatus: status() },
      }
    },
    drain() {
      refill()
      available = 0
    },
  }
}
