// Bulk actions on a selection of the seller's listings (issue 31, docs/decisions/0038): the request's rows and one
// durable job per BULK_CHUNK listings, stored together, so a request that got its 202 is carried out to the end
// whatever dies on the way; what each job does is bulk-action-job.ts's. Sending the same request again (a lost reply)
// answers the action it made and queues nothing more.
import { BULK_ACTION_MAX, type BulkActionInput, type BulkActionView } from '../../contract/bulk-actions.ts'
import * as bulkActions from '../../db/bulk-actions.ts'
import type { Sql } from '../../db/client.ts'
import { matchingListingIds } from '../../db/listing-search.ts'
import * as listings from '../../db/listings.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { createLimiter, type LimitRule } from '../rate-limit.ts'
import { BULK_ACTION_JOB, BULK_CHUNK, type BulkActionJob } from './bulk-action-job.ts'

/** Actions a seller may start a minute: a phone starts one per tap, so more is a script or a stuck button. */
export const BULK_ACTION_REQUEST_LIMIT: LimitRule = { max: 10, windowSeconds: 60 }

const tooMany = (what: string) =>
  new AppError(
    422,
    'bulk_selection_too_large',
    `${what}: one bulk action takes at most ${BULK_ACTION_MAX.toLocaleString('en-US')} listings. Narrow the search or filter, or wait for the one under way.`,
  )

export interface BulkActions {
  /** Queues the action; the same clientId again answers the action it made. */
  start(userId: number, input: BulkActionInput): Promise<{ action: BulkActionView; created: boolean }>
  view(userId: number, id: number): Promise<BulkActionView>
}

export function createBulkActions({ sql, jobs }: { sql: Sql; jobs: JobQueue }): BulkActions {
  const limiter = createLimiter(
    sql,
    'bulk-action',
    { perSeller: BULK_ACTION_REQUEST_LIMIT },
    (wait) => `You have started many bulk actions just now. Try again in ${wait}.`,
  )

  async function view(userId: number, id: number): Promise<BulkActionView> {
    const found = await bulkActions.findBulkAction(sql, userId, id)
    if (!found) throw notFound('This bulk action was not found.')
    const [failures, heldAtFloor] = await Promise.all([
      bulkActions.findFailures(sql, id),
      bulkActions.findFloorHeld(sql, id),
    ])
    return { id, ...found, failures, heldAtFloor, done: found.finished === found.total }
  }

  /** The listings the selection names: every one the seller's (404 as for any listing not theirs), or what the search finds. */
  async function chosen(userId: number, { selection }: BulkActionInput): Promise<number[]> {
    if (selection.by === 'search') {
      const ids = await matchingListingIds(sql, userId, selection, BULK_ACTION_MAX + 1)
      if (ids.length === 0)
        throw badRequest('No listing matches this search and filter.', { selection: 'Choose at least one listing' })
      if (ids.length > BULK_ACTION_MAX) throw tooMany('More listings match this search')
      return ids
    }
    const owned = await listings.ownedListingIds(sql, userId, selection.listingIds)
    const missing = selection.listingIds.find((listingId) => !owned.has(listingId))
    if (missing !== undefined) throw notFound(`Listing ${missing} was not found.`)
    return selection.listingIds
  }

  /** The rows and the jobs, together or not at all; undefined when a twin request made them. */
  const record = (userId: number, input: BulkActionInput, listingIds: number[]) =>
    sql.begin(async (tx) => {
      // One seller's unfinished listings stay within one action's size, so the queue stays fair to the others.
      const waiting = await bulkActions.lockAndCountUnfinished(tx, userId)
      if (waiting + listingIds.length > BULK_ACTION_MAX)
        throw tooMany(`${waiting} of your listings are still being changed`)
      const id = await bulkActions.insertBulkAction(tx, userId, input.clientId, input.action, listingIds)
      if (id === undefined) return undefined
      const chunks = Array.from({ length: Math.ceil(listingIds.length / BULK_CHUNK) }, (_, index) => ({
        data: {
          userId,
          bulkActionId: id,
          listingIds: listingIds.slice(index * BULK_CHUNK, (index + 1) * BULK_CHUNK),
        } satisfies BulkActionJob,
      }))
      await jobs.sendManyInTransaction(tx, BULK_ACTION_JOB, chunks)
      return id
    })

  return {
    async start(userId: number, input: BulkActionInput): Promise<{ action: BulkActionView; created: boolean }> {
      const earlier = await bulkActions.findBulkActionByClientId(sql, userId, input.clientId)
      if (earlier !== undefined) return { action: await view(userId, earlier), created: false }
      await limiter.consume({ perSeller: String(userId) })
      const listingIds = await chosen(userId, input)
      const id =
        (await record(userId, input, listingIds)) ??
        (await bulkActions.findBulkActionByClientId(sql, userId, input.clientId))!
      return { action: await view(userId, id), created: true }
    },
    view,
  }
}
