// Sends the outbox to the server. Entries of one draft run in order (its photos, then their analysis together, before
// its listing, new or edited), different drafts and photos run side by side up to a small limit, and only one runner
// works at a time on this origin (a Web Lock shared by every tab and the service worker). A listing never waits for
// the AI: when the AI is busy the photos are stored without analysis, the listing goes ahead, and the analysis is tried again later on its own. Every
// call is idempotent, so an entry that ran but whose reply was lost simply runs again: the photo's UUID and the
// draft's clientId make the server answer "already done". A run sends only the entries of the account the server says
// is signed in, each request naming that account, so on a shared phone one account's drafts never reach another's
// (the server refuses a request named for someone else). An edit names the version it started from: when the listing
// changed elsewhere meanwhile, it waits with the server's listing for the seller to choose (docs/product.md §11).
// Its parts: which entries may run now (outbox-order.ts), how one is sent (outbox-entry-sender.ts), the lock
// (outbox-lock.ts); this file runs them and settles each outcome (retry with back-off, or park a refusal).
import { ACCOUNT_CHANGED } from '../../api/contract/sync.ts'
import { ApiError, hasCode } from './api-error.ts'
import { isAnalysis, type OutboxEntry, type SnaplistDb } from './db.ts'
import { entrySenderFor, isAiBusy } from './outbox-entry-sender.ts'
import { defaultLock } from './outbox-lock.ts'
import { onlyAnalysisWaits, runnable, unblocked } from './outbox-order.ts'
import type { SyncTransport } from './transport.ts'

const BACKOFF_BASE_MS = 1_000
const BACKOFF_MAX_MS = 5 * 60_000
// The AI is there but overloaded (Gemini's 429): worth trying again, in minutes rather than seconds.
const AI_RETRY_BASE_MS = 60_000
const AI_RETRY_MAX_MS = 16 * 60_000
// Someone else signing in mid-run makes the run start over as them; more changes of hands than this in one run wait
// for the next run.
const MAX_ACCOUNTS_PER_RUN = 3

export type RunOutcome =
  /** Nothing left that can run now; nextAttemptAt says when something can (undefined: nothing waits). */
  { kind: 'idle'; waiting: number; nextAttemptAt: number | undefined } | { kind: 'auth-required' } | { kind: 'busy' }

export interface SyncEngineOptions {
  db: SnaplistDb
  transport: SyncTransport
  now?: () => number
  random?: () => number
  concurrency?: number
  /** Runs fn holding the origin-wide lock, or returns false when another runner holds it. */
  withLock?: (fn: () => Promise<void>) => Promise<boolean>
  onListingCreated?: (draftId: string, listingId: number) => void
}

/** Sends the outbox to the server, one runner at a time on this origin. */
export interface SyncEngine {
  /** Sends what the signed-in account can send now; resolves when nothing more can run (busy: another runner is). */
  run(): Promise<RunOutcome>
}

/** A limit's 429 says how long to wait (Retry-After): asking sooner would only be refused again. */
const limitWait = (error: unknown) =>
  error instanceof ApiError && error.status === 429 && error.retryAfterSeconds
    ? error.retryAfterSeconds * 1000
    : undefined

/** Stops a run without spending an attempt: nobody is signed in, or someone else is now. */
class Interrupted extends Error {
  constructor(readonly reason: 'auth-required' | 'account-changed') {
    super(reason)
  }
}

export function createSyncEngine({
  db,
  transport,
  now = Date.now,
  random = Math.random,
  concurrency = 3,
  withLock = defaultLock(),
  onListingCreated,
}: SyncEngineOptions): SyncEngine {
  /** Runs in a row that could not reach the server, for the back-off of the next one. */
  let unreachableRuns = 0

  /** Exponential back-off with jitter, so a hundred phones coming back online do not retry in step. */
  const backoff = (attempts: number) => {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempts)
    return ceiling / 2 + (random() * ceiling) / 2
  }

  /** The AI backs off in minutes: 1, 2, 4, 8, then every 16. */
  const aiBackoff = (attempts: number) => Math.min(AI_RETRY_MAX_MS, AI_RETRY_BASE_MS * 2 ** attempts)

  const send = (account: number) => entrySenderFor(account, { db, transport, now, onListingCreated })

  /**
   * The AI said it is busy: the analyses of drafts still being edited that have not asked yet wait as long as this one,
   * rather than each asking a busy AI in turn (a haul of thirty, docs/product.md §17). A submitted draft's analysis is
   * not held: its listing goes ahead without it, as ever.
   */
  async function holdFreshAnalyses(account: number, until: number) {
    const editing = new Set(
      await db.drafts
        .where({ userId: account })
        .filter((draft) => draft.state === 'editing')
        .primaryKeys(),
    )
    await db.outbox
      .where({ userId: account })
      .filter(
        (entry) =>
          isAnalysis(entry) &&
          !entry.photoStored &&
          entry.status === 'pending' &&
          editing.has(entry.draftId) &&
          entry.nextAttemptAt < until,
      )
      .modify({ nextAttemptAt: until, lastCode: 'analysis_busy' })
  }

  async function settle(entry: OutboxEntry, error: unknown) {
    if (error instanceof ApiError && error.status === 401) throw new Interrupted('auth-required')
    if (hasCode(error, ACCOUNT_CHANGED)) throw new Interrupted('account-changed')
    const retryable =
      !(error instanceof ApiError) ||
      error.status === 0 ||
      error.status >= 500 ||
      error.status === 408 ||
      error.status === 429
    const message = error instanceof Error ? error.message : String(error)
    const code = error instanceof ApiError ? error.code : undefined
    if (retryable) {
      const delay = isAiBusy(error) ? aiBackoff(entry.attempts) : (limitWait(error) ?? backoff(entry.attempts))
      await db.outbox.update(entry.id!, {
        attempts: entry.attempts + 1,
        nextAttemptAt: now() + delay,
        lastError: message,
        lastCode: code,
      })
      if (isAiBusy(error) && entry.userId !== undefined) await holdFreshAnalyses(entry.userId, now() + delay)
      return
    }
    // The barcode was refused (no catalog connected, a code the server does not take): the draft goes on without it.
    if (entry.kind === 'lookup-product') {
      await db.transaction('rw', db.outbox, db.drafts, async () => {
        await db.outbox.delete(entry.id!)
        await db.drafts.update(entry.draftId, { 'barcode.state': 'refused', 'barcode.refusal': code ?? 'refused' })
      })
      return
    }
    // The photo is stored and only its analysis was refused: the draft (or its listing) goes on without it.
    if (onlyAnalysisWaits(entry)) {
      await db.outbox.delete(entry.id!)
      return
    }
    // The draft's analysis refused (its photos are stored already): the seller fills in the rest, the draft stands.
    if (entry.kind === 'analyze-draft') {
      await db.outbox.delete(entry.id!)
      await db.drafts.update(entry.draftId, { aiGaveUp: 'analysis_failed' })
      return
    }
    // An expense refused: it waits on the phone with the server's sentence for the seller to retry or discard.
    if (entry.kind === 'create-expense') {
      await db.transaction('rw', db.outbox, db.expenses, async () => {
        await db.outbox.update(entry.id!, { status: 'parked', lastError: message })
        const fields = error instanceof ApiError ? error.fields : undefined
        await db.expenses.update(entry.draftId, { state: 'failed', error: message, errorFields: fields })
      })
      return
    }
    // Refused: retrying unchanged would be refused again. The seller fixes or discards the draft; an edit that met
    // another one keeps the server's listing, for the seller to choose between them.
    const refusal = error instanceof ApiError ? { errorFields: error.fields, conflict: error.current } : {}
    await db.transaction('rw', db.outbox, db.drafts, async () => {
      await db.outbox.update(entry.id!, { status: 'parked', lastError: message })
      await db.drafts.update(entry.draftId, { state: 'failed', error: message, ...refusal })
    })
  }

  async function runEntry(entry: OutboxEntry, send: (entry: OutboxEntry) => Promise<void>) {
    try {
      await send(entry)
      await db.outbox.delete(entry.id!)
    } catch (error) {
      await settle(entry, error)
    }
  }

  const idle = (entries: OutboxEntry[]): RunOutcome => {
    const due = unblocked(entries).map((entry) => entry.nextAttemptAt)
    const waiting = entries.filter((entry) => entry.status === 'pending').length
    return { kind: 'idle', waiting, nextAttemptAt: due.length ? Math.min(...due) : undefined }
  }

  /** Sends the account's entries until none can run now, or the run is interrupted. */
  async function drain(account: number): Promise<RunOutcome | Interrupted['reason']> {
    const sendEntry = send(account)
    const inFlight = new Map<number, Promise<void>>()
    let interrupted: Interrupted['reason'] | undefined
    for (;;) {
      if (!interrupted) {
        const entries = await db.outbox.where({ userId: account }).toArray()
        for (const entry of runnable(entries, new Set(inFlight.keys()), now()).slice(0, concurrency - inFlight.size)) {
          const running = runEntry(entry, sendEntry)
            .catch((error: unknown) => {
              if (error instanceof Interrupted) interrupted = error.reason
              else throw error
            })
            .finally(() => inFlight.delete(entry.id!))
          inFlight.set(entry.id!, running)
        }
      }
      if (inFlight.size === 0) break
      await Promise.race(inFlight.values())
    }
    return interrupted ?? idle(await db.outbox.where({ userId: account }).toArray())
  }

  /** The account the server has signed in, asked only when some account has something to send. */
  async function signedInAccount(): Promise<number | RunOutcome> {
    const owned = await db.outbox
      .where({ status: 'pending' })
      .filter((entry) => entry.userId !== undefined)
      .count()
    if (!owned) return { kind: 'idle', waiting: 0, nextAttemptAt: undefined }
    try {
      const account = await transport.signedInAccount()
      unreachableRuns = 0
      return account
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { kind: 'auth-required' }
      return { kind: 'idle', waiting: owned, nextAttemptAt: now() + backoff(unreachableRuns++) }
    }
  }

  async function sendForSignedInAccount(): Promise<RunOutcome> {
    for (let round = 0; round < MAX_ACCOUNTS_PER_RUN; round++) {
      const account = await signedInAccount()
      if (typeof account !== 'number') return account
      const outcome = await drain(account)
      if (outcome === 'auth-required') return { kind: 'auth-required' }
      if (outcome !== 'account-changed') return outcome
    }
    return { kind: 'idle', waiting: 0, nextAttemptAt: now() + BACKOFF_BASE_MS }
  }

  return {
    /** Sends what the signed-in account can send now; resolves when nothing more can run. */
    async run(): Promise<RunOutcome> {
      let outcome: RunOutcome = { kind: 'busy' }
      const ran = await withLock(async () => {
        outcome = await sendForSignedInAccount()
      })
      return ran ? outcome : { kind: 'busy' }
    },
  }
}
