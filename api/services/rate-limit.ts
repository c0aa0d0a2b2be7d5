// Fixed-window limits counted in Postgres, so every API process shares them: sign-in attempts, registrations and
// password reset requests, per account (or what was typed) and per client address, and a seller's analyses (marketplace
// lookups are lookup-limits.ts's, on createLimiter). Every limit counts first, in one statement that increments and
// returns the count, then decides: parallel requests cannot all pass a check made before any of them was counted.
import type { Sql } from '../db/client.ts'
import * as counters from '../db/rate-limits.ts'
import type { ErrorCode } from '../contract/errors.ts'
import { AppError } from '../errors.ts'

export interface LimitRule {
  /** Hits allowed within the window; the next one is refused. */
  max: number
  windowSeconds: number
}

type Rules = Record<string, LimitRule>
/** What each rule counts for this request: an account, an email address, a client address. */
type Subjects<R extends Rules> = Record<keyof R & string, string>

const MINUTE = 60
const QUARTER_HOUR = 15 * MINUTE
const DAY = 24 * 60 * MINUTE

/**
 * Failed sign-ins slow down step by step instead of stopping hard: 5 failures a minute, then 10 a quarter hour, then 30
 * a day, so an owner whose account someone guessed at waits a minute, not a quarter hour, while the guesser is held to
 * 30 a day. Each tier is a counter of its own, counted at once with the others.
 */
export const FAILED_LOGIN_LIMITS = {
  perAccount: { max: 5, windowSeconds: MINUTE },
  perAccountQuarterHour: { max: 10, windowSeconds: QUARTER_HOUR },
  perAccountDay: { max: 30, windowSeconds: DAY },
  perAddress: { max: 30, windowSeconds: QUARTER_HOUR },
  perAddressDay: { max: 200, windowSeconds: DAY },
} satisfies Rules

/** A device that signed in to the account before is counted on its own, in the same steps. */
export const FAILED_DEVICE_LOGIN_LIMITS = {
  perDevice: { max: 5, windowSeconds: MINUTE },
  perDeviceQuarterHour: { max: 10, windowSeconds: QUARTER_HOUR },
  perDeviceDay: { max: 30, windowSeconds: DAY },
} satisfies Rules

export const PASSWORD_RESET_LIMITS = {
  perEmail: { max: 5, windowSeconds: 60 * 60 },
  perAddress: { max: 20, windowSeconds: 15 * 60 },
} satisfies Rules

export const REGISTRATION_LIMIT: LimitRule = { max: 10, windowSeconds: 60 * 60 }

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`
const describeWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60)
  return minutes < 120 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour')
}

/**
 * A set of limits under one scope. refusal words the 429 for a person, given how long to wait ("15 minutes"); code is
 * what the client branches on.
 */
export function createLimiter<R extends Rules>(
  sql: Sql,
  scope: string,
  rules: R,
  refusal: (wait: string) => string,
  code: ErrorCode = 'rate_limited',
) {
  // NFKC here and lowercase in Postgres: every spelling the database takes for one name counts as that name.
  const entries = (subjects: Subjects<R>) =>
    Object.entries(rules).map(([rule, limit]) => ({
      limit,
      name: `${scope}:${rule}`,
      subject: subjects[rule]!.normalize('NFKC'),
    }))

  const refuse = (resetAt: Date) => {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))
    return new AppError(429, code, refusal(describeWait(seconds)), { retryAfterSeconds: seconds })
  }

  return {
    /** Counts this request on every counter, then throws 429 if any went over. */
    async consume(subjects: Subjects<R>): Promise<void> {
      const counted = entries(subjects)
      const hits = await counters.hitCounters(
        sql,
        counted.map(({ name, subject, limit }) => ({ name, subject, windowSeconds: limit.windowSeconds })),
      )
      // The longest wait of the counters that went over: trying again sooner would only be refused again.
      const over = hits.filter((counter, index) => counter.hits > counted[index]!.limit.max)
      if (over.length > 0) throw refuse(new Date(Math.max(...over.map((counter) => counter.resetAt.getTime()))))
    },

    /** Takes a consumed request back off every counter: it turned out not to be one the limits are about. */
    async forgive(subjects: Subjects<R>): Promise<void> {
      for (const { name, subject } of entries(subjects)) await counters.unhitCounter(sql, name, subject)
    },

    /** Clears every rule's counter of these subjects: what they counted is forgotten. */
    async forget(subjects: Subjects<R>): Promise<void> {
      for (const { name, subject } of entries(subjects)) await counters.clearCounter(sql, name, subject)
    },
  }
}

/** Whose failures a sign-in attempt counts as: the account the login named, else the name typed. */
export type LoginSubject = { accountId: number } | { typedName: string }
const loginSubject = (subject: LoginSubject) =>
  'accountId' in subject ? `account:${subject.accountId}` : `name:${subject.typedName}`

/** The same subject for every rule of a set. */
const each = <R extends Rules>(rules: R, subject: string) =>
  Object.fromEntries(Object.keys(rules).map((rule) => [rule, subject])) as Subjects<R>

/** The rules whose names start with the prefix. */
const rulesStartingWith = (rules: Rules, prefix: string): Rules =>
  Object.fromEntries(Object.entries(rules).filter(([rule]) => rule.startsWith(prefix)))

export interface FailedLoginLimiter {
  /** Counts an attempt; `knownDevice` is the hash of the device's token when the account knows the device. */
  attempt(subject: LoginSubject, address: string, knownDevice?: string): Promise<void>
  /**
   * Earlier failures of the account (or of the known device) are forgotten, and this attempt no longer counts against
   * the address.
   */
  succeeded(subject: LoginSubject, address: string, knownDevice?: string): Promise<void>
  forgetFailures(subject: LoginSubject): Promise<void>
  attemptFromAddress(address: string): Promise<void>
  forgiveAddress(address: string): Promise<void>
}

/**
 * Sign-in attempts are counted before the password is checked; a success then takes its own count back, so only
 * failures use the limits up. An attempt from a device known to the account (login-devices.ts) is counted on that
 * device alone: failures elsewhere never lock the owner's phone out, and the device's own are limited the same way.
 */
export function createFailedLoginLimiter(
  sql: Sql,
  rules: Rules = FAILED_LOGIN_LIMITS,
  deviceRules: Rules = FAILED_DEVICE_LOGIN_LIMITS,
): FailedLoginLimiter {
  const refusal = (wait: string) => `Too many failed sign-in attempts. Try again in ${wait}, or reset your password.`
  const accountRules = rulesStartingWith(rules, 'perAccount')
  const addressRules = rulesStartingWith(rules, 'perAddress')
  const limiter = createLimiter(sql, 'login', rules, refusal)
  // A Google credential names nobody until it is verified, so Google sign-in counts only per client address, on the
  // same counter as password sign-in: switching methods does not buy more guesses.
  const byAddress = createLimiter(sql, 'login', addressRules, refusal)
  const byAccount = createLimiter(sql, 'login', accountRules, refusal)
  const byDevice = createLimiter(sql, 'login', deviceRules, refusal)
  const subjects = (subject: LoginSubject, address: string) => ({
    ...each(accountRules, loginSubject(subject)),
    ...each(addressRules, address),
  })
  const deviceSubjects = (subject: LoginSubject, device: string) =>
    each(deviceRules, `${loginSubject(subject)}:${device}`)
  const forgetFailures = (subject: LoginSubject) => byAccount.forget(each(accountRules, loginSubject(subject)))

  return {
    attempt: (subject: LoginSubject, address: string, knownDevice?: string) =>
      knownDevice
        ? byDevice.consume(deviceSubjects(subject, knownDevice))
        : limiter.consume(subjects(subject, address)),
    async succeeded(subject: LoginSubject, address: string, knownDevice?: string): Promise<void> {
      if (knownDevice) return byDevice.forget(deviceSubjects(subject, knownDevice))
      await forgetFailures(subject)
      await byAddress.forgive(each(addressRules, address))
    },
    forgetFailures,
    attemptFromAddress: (address: string) => byAddress.consume(each(addressRules, address)),
    forgiveAddress: (address: string) => byAddress.forgive(each(addressRules, address)),
  }
}

export interface PasswordResetLimiter {
  /** Counts one reset request for this email from this address; 429 once either is over its limit. */
  consume(email: string, address: string): Promise<void>
}

export function createPasswordResetLimiter(sql: Sql, rules = PASSWORD_RESET_LIMITS): PasswordResetLimiter {
  const limiter = createLimiter(
    sql,
    'reset',
    rules,
    (wait) =>
      `Too many password reset requests. Check your inbox and spam folder for the email, or try again in ${wait}.`,
  )
  return {
    consume: (email: string, address: string) => limiter.consume({ perEmail: email, perAddress: address }),
  }
}

export interface RegistrationLimiter {
  consume(address: string): Promise<void>
}

/** New accounts per client address; rule is REGISTRATION_LIMIT unless the server is told otherwise. */
export function createRegistrationLimiter(sql: Sql, rule = REGISTRATION_LIMIT): RegistrationLimiter {
  const limiter = createLimiter(
    sql,
    'register',
    { perAddress: rule },
    (wait) => `Too many accounts were created from your network. Try again in ${wait}.`,
  )
  return {
    consume: (address: string) => limiter.consume({ perAddress: address }),
  }
}

/** A seller's allowance a minute and a day, as the server's settings (or a test) give it. */
export interface PerMinuteAndDay {
  perMinute: number
  perDay: number
}

/** Counters per seller a minute and a day, at the allowance given, else the rules' own. */
function perSellerLimiter(
  sql: Sql,
  scope: string,
  rules: { perMinute: LimitRule; perDay: LimitRule },
  allowance: PerMinuteAndDay | undefined,
  refusal: (wait: string) => string,
  code?: ErrorCode,
) {
  const counted = {
    perMinute: { ...rules.perMinute, max: allowance?.perMinute ?? rules.perMinute.max },
    perDay: { ...rules.perDay, max: allowance?.perDay ?? rules.perDay.max },
  }
  const limiter = createLimiter(sql, scope, counted, refusal, code)
  return {
    consume: (userId: number) => limiter.consume({ perMinute: String(userId), perDay: String(userId) }),
  }
}

export interface SellerLimiter {
  /** Counts one of the seller's requests; throws 429 past the allowance. */
  consume(userId: number): Promise<void>
}

/** Photo analyses a seller may start (each costs model calls): ANALYSIS_LIMIT_PER_MINUTE and ANALYSIS_LIMIT_PER_DAY. */
export const ANALYSIS_LIMITS = {
  perMinute: { max: 60, windowSeconds: MINUTE },
  perDay: { max: 1000, windowSeconds: DAY },
} satisfies Rules

/** Analyses per seller, counted before the model is asked; answers already stored are not counted (analysis-reuse.ts). */
export const createAnalysisLimiter = (sql: Sql, allowance?: PerMinuteAndDay): SellerLimiter =>
  perSellerLimiter(
    sql,
    'analysis',
    ANALYSIS_LIMITS,
    allowance,
    (wait) =>
      `You have asked for more AI analyses than this server allows for now. Your photos are saved; fill in the details yourself, or try again in ${wait}.`,
    'analysis_limit_reached',
  )

/**
 * CSV files a seller may send to import (previews and imports counted together, issue 46 G1): each is read whole, up
 * to 2 MB and 10,000 rows, and its SKUs looked up. A seller previews, mends the file and previews again, then imports:
 * a handful a minute; a day's worth is far more than anyone mends one spreadsheet.
 */
export const IMPORT_LIMITS = {
  perMinute: { max: 6, windowSeconds: MINUTE },
  perDay: { max: 100, windowSeconds: DAY },
} satisfies Rules

/** CSV imports per seller, counted before the file is read. */
export const createImportLimiter = (sql: Sql, allowance?: PerMinuteAndDay): SellerLimiter =>
  perSellerLimiter(
    sql,
    'import',
    IMPORT_LIMITS,
    allowance,
    (wait) => `You have sent more files to import than this server allows for now. Try again in ${wait}.`,
  )

/**
 * Subscriptions one seller may send an hour (PUSH_SUBSCRIBE_LIMIT): the Account screen sends its device's again each
 * time it opens, and turning a kind on or off sends it too, so an hour's worth is generous; writing them by the
 * hundred is not.
 */
export const PUSH_SUBSCRIBE_LIMIT: LimitRule = { max: 60, windowSeconds: 60 * 60 }

export interface PushSubscribeLimiter {
  consume(userId: number): Promise<void>
}

/** Push subscriptions per seller, counted before the subscription is looked at. */
export function createPushSubscribeLimiter(sql: Sql, rule = PUSH_SUBSCRIBE_LIMIT): PushSubscribeLimiter {
  const limiter = createLimiter(
    sql,
    'push-subscribe',
    { perSeller: rule },
    (wait) => `This account has changed its notification settings too often. Try again in ${wait}.`,
  )
  return {
    consume: (userId: number) => limiter.consume({ perSeller: String(userId) }),
  }
}
