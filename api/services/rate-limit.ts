// Failed sign-in limits, per username and per client address, counted in Postgres so every API process shares them.
import type { Sql } from '../db/client.ts'
import * as counters from '../db/rate-limits.ts'
import { AppError } from '../errors.ts'

export interface LimitRule {
  /** Failures allowed within the window; the next attempt is refused. */
  max: number
  windowSeconds: number
}

export const FAILED_LOGIN_LIMITS = {
  perUsername: { max: 5, windowSeconds: 15 * 60 },
  perAddress: { max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>

function tooManyAttempts(resetAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
  const minutes = Math.ceil(seconds / 60)
  return new AppError(
    429,
    'rate_limited',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    { retryAfterSeconds: seconds },
  )
}

export function createFailedLoginLimiter(sql: Sql, rules = FAILED_LOGIN_LIMITS) {
  const keys = (username: string, address: string) => ({
    username: `login:user:${username.toLowerCase()}`,
    address: `login:addr:${address}`,
  })

  return {
    /** Throws 429 when either counter is used up. */
    async check(username: string, address: string): Promise<void> {
      const { username: userKey, address: addressKey } = keys(username, address)
      const userCounter = await counters.readCounter(sql, userKey)
      const addressCounter = await counters.readCounter(sql, addressKey)
      if (userCounter && userCounter.hits >= rules.perUsername.max) throw tooManyAttempts(userCounter.resetAt)
      if (addressCounter && addressCounter.hits >= rules.perAddress.max) throw tooManyAttempts(addressCounter.resetAt)
    },

    async recordFailure(username: string, address: string): Promise<void> {
      const { username: userKey, address: addressKey } = keys(username, address)
      await counters.hitCounter(sql, userKey, rules.perUsername.windowSeconds)
      await counters.hitCounter(sql, addressKey, rules.perAddress.windowSeconds)
    },

    async recordSuccess(username: string): Promise<void> {
      await counters.clearCounter(sql, keys(username, '').username)
    },
  }
}
