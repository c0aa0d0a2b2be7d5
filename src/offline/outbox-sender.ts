// Sends the outbox to the server. Entries of one draft run in order (its photos, then their analysis together, before
// its listing, new or edited), different drafts and photos run side by side up to a small limit, and only one runner
// works at a time on this origin (a Web Lock shared by every tab and the service worker). A listing never waits for
// the AI: when the AI is busy the photos are stored without analysis, the listing goes ahead, and the analysis is tried again later on its own. Every
// call is idempotent, so an entry that ran but whose reply was lost simply runs again: the photo's UUID and the
// draft's clientId make the server answer "already done". A run sends only the entries of the account the server says
// is signed in, each request naming that account, so on a shared phone one account's drafts never reach another's
// (the server refuses a request named for someone else). An edit names the version it started from: when the listing
// changed elsewhere meanwhile, it waits with the server's listing for the seller to choose (docs/product.md §11).
import * as v from 'valibot'
import { ListingEditSchema, ListingInputSchema } from '../../api/contract/listing.ts'
import { withoutFieldAspects } from '../../api/contract/ebay-aspects.ts'
import { storedSuggestions, type DraftAnalysis } from '../../api/contract/analysis.ts'
import { ACCOUNT_CHANGED } from '../../api/contract/sync.ts'
import { isAnalysis, writesListing, type Draft, type DraftPhoto, type OutboxEntry, type SnaplistDb } from './db.ts'
import { lateFill } from './draft-fills.ts'
import { createDraftStore } from './drafts.ts'
import { ApiError, hasCode } from './api-error.ts'
import type { SyncTransport } from './transport.ts'

export const SYNC_LOCK = 'snaplist-sync'
const BACKOFF_BASE_MS = 1_000
const BACKOFF_MAX_MS = 5 * 60_000
// Analysis failures that are the AI's, not the network's: the photo is stored anyway, the seller fills in the rest. The
// seller's analyses limit (a 429) is one too: asking again within the minute or the day would only be refused again.
const AI_GAVE_UP = ['analysis_failed', 'analysis_timeout', 'analysis_key_refused', 'analysis_limit_reached'] as const
// The AI is there but overloaded (Gemini's 429): worth trying again, in minutes rather than seconds.
const AI_RETRY_BASE_MS = 60_000
const AI_RETRY_MAX_MS = 16 * 60_000
// Someone else signing in mid-run makes the run start over as them; more changes of hands than this in one run wait
// for the next run.
const MAX_ACCOUNTS_PER_RUN = 3

const isAiBusy = (error: unknown) => hasCode(error, 'analysis_busy')

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

/** Stops a run without spending an attempt: nobody is signed in, or someone else is now. */
class Interrupted extends Error {
  constructor(readonly reason: 'auth-required' | 'account-changed') {
    super(reason)
  }
}

/** The form's text as the contract's input, or the 400 the server would answer, so the seller sees it the same way. */
function checked<Schema extends v.GenericSchema>(schema: Schema, input: unknown): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, input)
  if (parsed.success) return parsed.output
  const fields = Object.fromEntries(parsed.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]))
  throw new ApiError(400, parsed.issues.map((issue) => issue.message).join('. '), 'invalid_input', fields)
}

/** The Web Locks API where there is one (browsers, service workers); a process-wide flag otherwise (tests). */
export function defaultLock(): (fn: () => Promise<void>) => Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return async (fn) => {
      let ran = false
      await navigator.locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) return
        ran = true
        await fn()
      })
      return ran
    }
  }
  let held = false
  return async (fn) => {
    if (held) return false
    held = true
    try {
      await fn()
      return true
    } finally {
      held = false
    }
  }
}

/**
 * eBay's category and the item specifics with a value, as the listing keeps them (docs/product.md §12); not those the
 * listing's own fields answer: the fields say them (docs/decisions/0022).
 */
function ebayFieldsOf(draft: Draft) {
  const aspects = Object.fromEntries(
    Object.entries(withoutFieldAspects(draft.aspects ?? {})).filter(([, value]) => value.trim() !== ''),
  )
  const category = {
    ebayCategoryId: draft.ebayCategory?.id ?? null,
    ebayCategoryName: draft.ebayCategory?.name ?? null,
    ebayCategoryChosen: draft.ebayCategoryChosen ?? false,
  }
  return { ...category, ebayAspects: aspects }
}

export function createSyncEngine({
  db,
  transport,
  now = Date.now,
  random = Math.random,
  concurrency = 3,
  withLock = defaultLock(),
  onListingCreated,
}: SyncEngineOptions) {
  /** Runs in a row that could not reach the server, for the back-off of the next one. */
  let unreachableRuns = 0

  /** Exponential back-off with jitter, so a hundred phones coming back online do not retry in step. */
  const backoff = (attempts: number) => {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempts)
    return ceiling / 2 + (random() * ceiling) / 2
  }

  /** The AI backs off in minutes: 1, 2, 4, 8, then every 16. */
  const aiBackoff = (attempts: number) => Math.min(AI_RETRY_MAX_MS, AI_RETRY_BASE_MS * 2 ** attempts)

  /** Only the analysis waits: the photos are stored, so neither the listing nor anything else waits for it. */
  const onlyAnalysisWaits = (entry: OutboxEntry) => isAnalysis(entry) && entry.photoStored === true

  /**
   * Entries whose turn it is: not refused; a listing once its photos are stored (an analysis waiting for a busy AI does
   * not hold it up); an analysis that only waits for the AI after its draft's listing, so its answer never races the
   * create (it then fills what the listing left empty).
   */
  function unblocked(entries: OutboxEntry[]): OutboxEntry[] {
    const draftsOf = (match: (entry: OutboxEntry) => boolean) =>
      new Set(entries.filter(match).map((entry) => entry.draftId))
    const parkedDrafts = draftsOf((entry) => entry.status === 'parked')
    const creating = draftsOf((entry) => writesListing(entry.kind))
    const storing = draftsOf((entry) => !writesListing(entry.kind) && !onlyAnalysisWaits(entry))
    const uploading = draftsOf((entry) => entry.kind === 'upload-photo' || entry.kind === 'analyze-photo')
    return entries.filter((entry) => {
      if (entry.status !== 'pending' || parkedDrafts.has(entry.draftId)) return false
      if (writesListing(entry.kind)) return !storing.has(entry.draftId)
      // The draft's analysis reads all of its photos: it waits until they are all on the server.
      if (entry.kind === 'analyze-draft' && uploading.has(entry.draftId)) return false
      return !(onlyAnalysisWaits(entry) && creating.has(entry.draftId))
    })
  }

  /** Due now and not running; a listing also waits while anything of its draft runs (an analysis may fill it). */
  function runnable(entries: OutboxEntry[], inFlight: Set<number>) {
    const runningDrafts = new Set(entries.filter((entry) => inFlight.has(entry.id!)).map((entry) => entry.draftId))
    return unblocked(entries).filter(
      (entry) =>
        !inFlight.has(entry.id!) &&
        entry.nextAttemptAt <= now() &&
        (!writesListing(entry.kind) || !runningDrafts.has(entry.draftId)),
    )
  }

  /** How one account's entries are sent: every request names the account, every change lands in its drafts. */
  function senderFor(account: number) {
    const drafts = createDraftStore(db, account, now)

    async function photoOf(entry: OutboxEntry): Promise<DraftPhoto | undefined> {
      return entry.photoId ? db.photos.get(entry.photoId) : undefined
    }

    async function upload(photo: DraftPhoto, blob: Blob) {
      const stored = await transport.uploadPhoto(account, photo.id, blob)
      await db.photos.update(photo.id, { serverUrl: stored.imageUrl })
    }

    /** Suggestions for a draft still on the phone go into its fields; for a listing that exists, into its empty fields. */
    async function applySuggestions(draftId: string, result: DraftAnalysis) {
      const draft = await db.drafts.get(draftId)
      if (draft?.state !== 'done' || draft.listingId === undefined) return drafts.applyAnalysis(draftId, result)
      const reply = await transport.fillEmpty(account, draft.listingId, lateFill(draft, result))
      await drafts.filledLate(draftId, result, reply.filled)
    }

    /**
     * Runs an analysis; false when the AI gave up (the seller fills in the rest). When the AI is busy, `storePhotos`
     * makes sure the photos are on the server, so the listing can go ahead while the entry waits for the AI.
     */
    async function analysed(
      entry: OutboxEntry,
      analyse: () => Promise<void>,
      storePhotos: () => Promise<void> = async () => {},
    ): Promise<boolean> {
      try {
        await analyse()
        return true
      } catch (error) {
        if (isAiBusy(error)) {
          await storePhotos()
          await db.outbox.update(entry.id!, { photoStored: true })
          throw error
        }
        if (!hasCode(error, ...AI_GAVE_UP)) throw error
        await db.drafts.update(entry.draftId, { aiGaveUp: error.code })
        return false
      }
    }

    /** One photo uploaded and analysed alone (entries queued before drafts were analysed whole). */
    const analyse = (entry: OutboxEntry, photo: DraftPhoto, blob: Blob) =>
      analysed(
        entry,
        async () => {
          const result = await transport.analyzePhoto(account, photo.id, blob)
          await db.photos.update(photo.id, { serverUrl: result.imageUrl })
          await applySuggestions(entry.draftId, result)
        },
        async () => {
          if (!photo.serverUrl) await upload(photo, blob)
        },
      )

    /** All of the draft's photos on the server, in the seller's order, analysed together. */
    async function analyseDraft(entry: OutboxEntry) {
      const draft = await db.drafts.get(entry.draftId)
      const photos = draft ? await db.photos.bulkGet(draft.photoIds) : []
      const ids = photos.flatMap((photo) => (photo?.serverUrl ? [photo.id] : []))
      if (ids.length === 0) return // Every photo was removed: nothing to analyse.
      await analysed(entry, async () => applySuggestions(entry.draftId, await transport.analyzePhotos(account, ids)))
    }

    async function sendPhoto(entry: OutboxEntry, analyseIt: boolean) {
      const photo = await photoOf(entry)
      if (!photo?.blob) return // Removed by the seller, or stored already: nothing to send.
      if (analyseIt && (await analyse(entry, photo, photo.blob))) return
      if (!photo.serverUrl) await upload(photo, photo.blob)
    }

    /** The stored photos' URLs in the seller's order: the first is the cover. */
    async function imagesOf(draft: Draft): Promise<string[]> {
      const photos = await db.photos.bulkGet(draft.photoIds)
      return photos.flatMap((photo) => (photo?.serverUrl ? [photo.serverUrl] : []))
    }

    async function createListing(draft: Draft) {
      const input = checked(ListingInputSchema, {
        ...draft.fields,
        images: await imagesOf(draft),
        clientId: draft.id,
        aiSuggestions: draft.analysis ? storedSuggestions(draft.analysis) : null,
        ...ebayFieldsOf(draft),
      })
      const listing = await transport.createListing(account, input)
      await drafts.created(draft.id, listing.id)
      onListingCreated?.(draft.id, listing.id)
    }

    async function updateListing(draft: Draft, { listingId, version }: NonNullable<Draft['editOf']>) {
      const edit = checked(ListingEditSchema, { ...draft.fields, images: await imagesOf(draft), version })
      await drafts.saved(draft.id, await transport.updateListing(account, listingId, edit))
    }

    async function sendListing(entry: OutboxEntry) {
      const draft = await drafts.get(entry.draftId)
      if (!draft || draft.state === 'done') return
      if (entry.kind === 'update-listing' && draft.editOf) return updateListing(draft, draft.editOf)
      return createListing(draft)
    }

    return (entry: OutboxEntry) => {
      if (writesListing(entry.kind)) return sendListing(entry)
      if (entry.kind === 'analyze-draft') return analyseDraft(entry)
      return sendPhoto(entry, entry.kind === 'analyze-photo')
    }
  }

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
      const delay = isAiBusy(error) ? aiBackoff(entry.attempts) : backoff(entry.attempts)
      await db.outbox.update(entry.id!, {
        attempts: entry.attempts + 1,
        nextAttemptAt: now() + delay,
        lastError: message,
        lastCode: code,
      })
      if (isAiBusy(error) && entry.userId !== undefined) await holdFreshAnalyses(entry.userId, now() + delay)
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
    const send = senderFor(account)
    const inFlight = new Map<number, Promise<void>>()
    let interrupted: Interrupted['reason'] | undefined
    for (;;) {
      if (!interrupted) {
        const entries = await db.outbox.where({ userId: account }).toArray()
        for (const entry of runnable(entries, new Set(inFlight.keys())).slice(0, concurrency - inFlight.size)) {
          const running = runEntry(entry, send)
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

export type SyncEngine = ReturnType<typeof createSyncEngine>
