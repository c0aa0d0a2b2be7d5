// Fixed-window limits counted in Postgres, so every API process shares them: failed sign-ins and password reset
// requests, each per account identifier and per client address.
import type { Sql } from '../db/client.ts'
import * as counters from '../db/rate-limits.ts'
import { AppError } from '../errors.ts'

export interface LimitRule {
  /** Hits allowed within the window; the next one is refused. */
  max: number
  windowSeconds: number
}

type Rules = Record<string, LimitRule>
/** What each rule counts for this request: an account identifier, a client address. */
type Subjects<R extends Rules> = Record<keyof R & string, string>

export const FAILED_LOGIN_LIMITS = {
  perUsername: { max: 5, windowSeconds: 15 * 60 },
  perAddress: { max: 30, windowSeconds: 15 * 60 },
} satisfies Rules

export const PASSWORD_RESET_LIMITS = {
  perEmail: { max: 5, windowSeconds: 60 * 60 },
  perAddress: { max: 20, windowSeconds: 15 * 60 },
} satisfies Rules

const describeWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * A set of limits under one scope. refusal words the 429 for a person, given how long to wait ("15 minutes").
 * check/record suit counting failures only; consume counts every request.
 */
export function createLimiter<R extends Rules>(sql: Sql, scope: string, rules: R, refusal: (wait: string) => string) {
  const entries = (subjects: Subjects<R>) =>
    Object.entries(rules).map(([rule, limit]) => ({ limit, key: `${scope}:${rule}:${subjects[rule]!.toLowerCase()}` }))

  const refuse = (resetAt: Date) => {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
    return new AppError(429, 'rate_limited', refusal(describeWait(seconds)), { retryAfterSeconds: seconds })
  }

  return {
    /** Throws 429 when any counter is used up, without counting this request. */
    async check(subjects: Subjects<R>): Promise<void> {
      for (const { key, limit } of entries(subjects)) {
        const counter = await counters.readCounter(sql, key)
        if (counter && counter.hits >= limit.max) throw refuse(counter.resetAt)
      }
    },

    async record(subjects: Subjects<R>): Promise<void> {
      for (const { key, limit } of entries(subjects)) await counters.hitCounter(sql, key, limit.windowSeconds)
    },

    /** Counts this request on every counter, then throws 429 if any went over. */
    async consume(subjects: Subjects<R>): Promise<void> {
      const hits = []
      for (const { key, limit } of entries(subjects)) hits.push({ limit, counter: await counters.hitCounter(sql, key, limit.windowSeconds) })
      const over = hits.find(({ limit, counter }) => counter.hits > limit.max)
      if (over) throw refuse(over.counter.resetAt)
    },

    async clear(rule: keyof R & string, subject: string): Promise<void> {
      await counters.clearCounter(sql, `${scope}:${rule}:${subject.toLowerCase()}`)
    },
  }
}

export function createFailedLoginLimiter(sql: Sql, rules = FAILED_LOGIN_LIMITS) {
  const refusal = (wait: string) => `Too many failed sign-in attempts. Try again in ${wait}, or reset your password.`
  const limiter = createLimiter(sql, 'login', rules, refusal)
  // A Google credential names nobody until it is verified, so Google sign-in counts only per client address, on the
  // same counter as password sign-in: switching methods does not buy more guesses.
  const byAddress = createLimiter(sql, 'login', { perAddress: rules.perAddress }, refusal)
  const byUsername = createLimiter(sql, 'login', { perUsername: rules.perUsername }, refusal)
  return {
    check: (username: string, address: string) => limiter.check({ perUsername: username, perAddress: address }),
    recordFailure: (username: string, address: string) => limiter.record({ perUsername: username, perAddress: address }),
    /**
     * Counts a signed-in seller's password attempt on their account's counter before the password is checked, in one
     * statement, and refuses it past the limit; the client address counts failures only (recordAddressFailure).
     */
    countAttempt: (username: string) => byUsername.consume({ perUsername: username }),
    /** Forgets the failures of this sign-in name (a username or an email address). */
    recordSuccess: (username: string) => limiter.clear('perUsername', username),
    checkAddress: (address: string) => byAddress.check({ perAddress: address }),
    recordAddressFailure: (address: string) => byAddress.record({ perAddress: address }),
  }
}

export type FailedLoginLimiter = ReturnType<typeof createFailedLoginLimiter>

export function createPasswordResetLimiter(sql: Sql, rules = PASSWORD_RESET_LIMITS) {
  const limiter = createLimiter(sql, 'reset', rules, (wait) => `Too many password reset requests. Check your inbox and spam folder for the email, or try again in ${wait}.`)
  return {
    consume: (email: string, address: string) => limiter.consume({ perEmail: email, perAddress: address }),
  }
}
