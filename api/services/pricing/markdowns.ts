// The markdown ladder (issue 51, docs/decisions/0075): each live listing due a step has its price lowered by the
// step's cut, never below its floor, and the new price goes wherever it is live: in a bulk call where the marketplace
// takes many prices a call (eBay, decision 0080), else through its revision, as an edited price does. A step is recorded with the change in the same transaction, keyed by listing and step, so
// a run made again (the daily job twice, a killed process, Apply now beside it) changes nothing it changed before.
// Undo puts back every price of a run the seller has not changed since.
import { listedPrice } from '../../contract/listing.ts'
import { toCents } from '../../contract/listing-field-schemas.ts'
import {
  dueStep,
  markedDownCents,
  MARKDOWN_HISTORY_MAX,
  MARKDOWN_RUN_MAX,
  type MarkdownPreview,
  type MarkdownRun,
  type PriceRules,
} from '../../contract/price-rules.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import {
  bulkSent,
  bulkWaiting,
  changesOfRuns,
  dropBulkSending,
  ladderCandidates,
  markBulkSending,
  recordChange,
  resultsOfRuns,
} from '../../db/markdown-changes.ts'
import * as runs from '../../db/markdown-runs.ts'
import { sellersWithLadderOn } from '../../db/price-rules.ts'
import { conflict, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { isRefusal, type SellingMarketplaces } from '../selling/marketplace.ts'
import { floorsOf, rulesOf } from './floors.ts'

/** The daily run: queues each seller's run whose ladder is on. */
export const MARKDOWN_DAILY_JOB = 'price-markdowns'
/** One seller's run. */
export const MARKDOWN_SELLER_JOB = 'price-markdowns-seller'
export interface MarkdownSellerJob {
  userId: number
}
/** Listings a transaction changes: a run killed midway redoes at most these, and finds them done. */
const CHUNK = 25
/** Sellers the daily job reads a page. */
const SELLERS_PAGE = 500

export interface Markdowns {
  preview(userId: number): Promise<MarkdownPreview>
  /** Runs the seller's ladder now; the run made, or null when nothing was due. */
  run(userId: number): Promise<MarkdownRun | null>
  undo(userId: number, runId: number): Promise<MarkdownRun>
  history(userId: number): Promise<MarkdownRun[]>
  /** The daily job and each seller's job. */
  daily(): Promise<void>
  runForSeller(job: MarkdownSellerJob): Promise<void>
}

export function createMarkdowns({
  sql,
  jobs,
  marketplaces,
}: {
  sql: Sql
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}): Markdowns {
  /** The changes the ladder makes now, at most MARKDOWN_RUN_MAX, read in `db` (a chunk's transaction: its locks). */
  async function plan(db: Sql | Tx, userId: number, rules: PriceRules, onlyIds: number[] | null = null) {
    const due = (await ladderCandidates(db, userId, onlyIds)).filter(
      (candidate) => dueStep(candidate.daysLive, rules.ladder) > candidate.lastStep,
    )
    const floors = await floorsOf(
      db,
      userId,
      due.map(({ id }) => id),
      rules,
    )
    const preview: MarkdownPreview = { changes: [], withoutFloor: 0, atFloor: 0, more: false }
    for (const candidate of due) {
      const floorCents = floors.get(candidate.id)?.priceCents ?? null
      if (floorCents === null) {
        preview.withoutFloor += 1
        continue
      }
      const fromCents = toCents(listedPrice(candidate).value)
      const loweredCents = markedDownCents(fromCents, floorCents, candidate.lastStep === 0, rules.ladder)
      if (loweredCents === null) {
        preview.atFloor += 1
        continue
      }
      if (preview.changes.length === MARKDOWN_RUN_MAX) {
        preview.more = true
        break
      }
      preview.changes.push({
        listingId: candidate.id,
        title: candidate.title,
        step: dueStep(candidate.daysLive, rules.ladder),
        fromCents,
        toCents: loweredCents,
        floorCents,
        atFloor: loweredCents === floorCents,
      })
    }
    return preview
  }

  /**
   * Sets the price, in `tx`, and asks every marketplace for it: in a bulk call after the transaction where the
   * marketplace takes many prices a call and has the listing live (`bulk`), else by an edited price's revision. Answers
   * whether a bulk call is to send it.
   */
  async function setPrice(tx: Tx, userId: number, listingId: number, cents: number, bulk: boolean) {
    const updated = await listings.setPriceOrQuantity(tx, listingId, { askingPriceCents: cents })
    let byBulk = false
    for (const marketplace of marketplaces)
      if (bulk && marketplace.bulkPricing?.takes(updated)) byBulk = true
      else await marketplace.requestRevision(tx, updated)
    await logChange(tx, userId, 'listing-edited', listingId, {})
    return byBulk
  }

  /** Applies the planned changes of a chunk, planned again under the listings' locks so what it writes is current. */
  const applyChunk = (userId: number, runId: number, rules: PriceRules, ids: number[]) =>
    sql.begin(async (tx) => {
      await listings.lockListings(tx, userId, ids)
      const { changes } = await plan(tx, userId, rules, ids)
      for (const change of changes)
        if (
          (await recordChange(tx, runId, change)) &&
          (await setPrice(tx, userId, change.listingId, change.toCents, true))
        )
          await markBulkSending(tx, change.listingId, change.step)
    })

  /**
   * Sends the seller's cuts waiting for a bulk call (of these listings, when given): each marketplace taking many
   * prices a call gets them in its calls (eBay's 25 a call), and a listing it refuses goes by the edited price's
   * revision, which answers it as any revision's refusal is (the daily limit waits for eBay's next day). Busy or away
   * throws, and the cuts stay waiting for the retry; sent again, the same price changes nothing.
   */
  async function sendBulk(userId: number, onlyIds: number[] | null) {
    const waiting = await bulkWaiting(sql, userId, onlyIds, MARKDOWN_RUN_MAX)
    const prices = waiting.flatMap(({ listingId, cents }) => (cents === null ? [] : [{ listingId, cents }]))
    const refused: [SellingMarketplaces[number], Set<number>][] = []
    for (const marketplace of marketplaces) {
      if (!marketplace.bulkPricing || prices.length === 0) continue
      try {
        const answers = await marketplace.bulkPricing.send(userId, prices)
        refused.push([marketplace, new Set([...answers].flatMap(([id, { refusal }]) => (refusal ? [id] : [])))])
      } catch (error) {
        // A refusal of the whole call (a lapsed connection) is each listing's.
        if (!isRefusal(error)) throw error
        refused.push([marketplace, new Set(prices.map(({ listingId }) => listingId))])
      }
    }
    if (waiting.length === 0) return
    await sql.begin(async (tx) => {
      const found = await listings.lockListings(
        tx,
        userId,
        waiting.map(({ listingId }) => listingId),
      )
      for (const listing of found)
        for (const [marketplace, ids] of refused)
          if (ids.has(listing.id)) await marketplace.requestRevision(tx, listing)
      for (const { listingId, step } of waiting) await bulkSent(tx, listingId, step)
    })
  }

  async function runView(ids: { id: number; ranAt: Date; undoneAt: Date | null }[]) {
    const runIds = ids.map(({ id }) => id)
    const [changes, results] = await Promise.all([changesOfRuns(sql, runIds), resultsOfRuns(sql, runIds)])
    const resultOf = new Map(results.map(({ runId, ...result }) => [runId, result]))
    return ids.map(({ id, ranAt, undoneAt }): MarkdownRun => ({
      id,
      ranAt: ranAt.toISOString(),
      undoneAt: undoneAt?.toISOString() ?? null,
      changes: changes.filter((change) => change.runId === id).map(({ runId: _runId, ...change }) => change),
      ...(resultOf.get(id) ?? { sold: 0, revenueCents: 0 }),
    }))
  }

  /**
   * Runs the ladder: a chunk's prices set, then sent in its bulk call. The bulk call of a chunk that failed (the
   * marketplace busy) leaves its cuts waiting and the run goes on; the failure is answered at the end, for the caller
   * to have them sent again.
   */
  async function run(userId: number): Promise<{ made: MarkdownRun | null; unsent: { error: unknown } | null }> {
    const rules = await rulesOf(sql, userId)
    const { changes } = await plan(sql, userId, rules)
    if (changes.length === 0) return { made: null, unsent: null }
    const runId = await runs.insertRun(sql, userId)
    let unsent: { error: unknown } | null = null
    for (let start = 0; start < changes.length; start += CHUNK) {
      const ids = changes.slice(start, start + CHUNK).map(({ listingId }) => listingId)
      await applyChunk(userId, runId, rules, ids)
      if (!unsent)
        unsent = await sendBulk(userId, ids).then(
          () => null,
          (error: unknown) => ({ error }),
        )
    }
    await runs.deleteIfEmpty(sql, runId)
    const made = await runs.findRun(sql, userId, runId)
    return { made: made ? (await runView([made]))[0]! : null, unsent }
  }

  return {
    preview: async (userId) => plan(sql, userId, await rulesOf(sql, userId)),
    async run(userId) {
      const rules = await rulesOf(sql, userId)
      if (!rules.ladder.on) throw conflict('Your markdown ladder is off: turn it on to run it.')
      const { made, unsent } = await run(userId)
      // The seller's job sends what a busy marketplace did not take, with its retries.
      if (unsent) await jobs.send(MARKDOWN_SELLER_JOB, { userId } satisfies MarkdownSellerJob)
      return made
    },
    async undo(userId, runId) {
      await sql.begin(async (tx) => {
        const found = await runs.lockRun(tx, userId, runId)
        if (!found) throw notFound('This markdown run was not found.')
        if (found.undoneAt) return
        await dropBulkSending(tx, runId)
        const changes = await changesOfRuns(tx, [runId])
        const locked = await listings.lockListings(
          tx,
          userId,
          changes.map(({ listingId }) => listingId),
        )
        const priceNow = new Map(locked.map((listing) => [listing.id, toCents(listedPrice(listing).value)]))
        // A price the seller (or a later run) changed since stays as they made it.
        for (const change of changes)
          if (priceNow.get(change.listingId) === change.toCents)
            await setPrice(tx, userId, change.listingId, change.fromCents, false)
        await runs.markUndone(tx, runId)
      })
      return (await runView([(await runs.findRun(sql, userId, runId))!]))[0]!
    },
    history: async (userId) => runView(await runs.latestRuns(sql, userId, MARKDOWN_HISTORY_MAX)),
    async daily() {
      for (let after = 0; ;) {
        const page = await sellersWithLadderOn(sql, after, SELLERS_PAGE)
        for (const { userId } of page) await jobs.send(MARKDOWN_SELLER_JOB, { userId } satisfies MarkdownSellerJob)
        if (page.length < SELLERS_PAGE) return
        after = page.at(-1)!.userId
      }
    },
    async runForSeller({ userId }) {
      // What a run killed or turned away by a busy marketplace left waiting goes first; a failure throws for the retry.
      await sendBulk(userId, null)
      if (!(await rulesOf(sql, userId)).ladder.on) return
      const { unsent } = await run(userId)
      if (unsent) throw unsent.error
    },
  }
}
