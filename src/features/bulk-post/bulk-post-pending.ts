// A bulk post the seller has confirmed, kept on the phone until they close its summary: the request's clientId is made
// once, when they confirm, and every sending of it (a retry after a dropped connection, the Dashboard reopening it
// after a reload) uses the same one, which the server answers with the request it already has (docs/product.md §17),
// so nothing is posted twice. Small and React-free: the Dashboard reads it on load.
import * as v from 'valibot'
import { BulkPostInputSchema, type BulkPostInput } from '../../../api/contract/bulk-post.ts'
import type { Platform } from '../../../api/contract/marketplace-paths.ts'
import { uuid } from '../../lib/uuid.ts'
import { pendingKeyOf } from './pending-key.ts'

/** A listing the seller confirmed without on one marketplace: it needed something there, or they left it out. */
export interface LeftOut {
  listingId: number
  title: string
  marketplace: Platform
  /** What it needed ('needs Brand'), or null when the seller left it out. */
  needs: string | null
}

/** The request as the server takes it (where, with what), and what stayed behind. */
export interface PendingBulkPost {
  request: BulkPostInput
  leftOut: LeftOut[]
}

export function readPendingBulkPost(userId: number): PendingBulkPost | null {
  try {
    const stored = localStorage.getItem(pendingKeyOf(userId))
    if (!stored) return null
    const pending = JSON.parse(stored) as Partial<PendingBulkPost>
    // Read back through the contract: a request an older version kept in another shape is not sent.
    const request = v.safeParse(BulkPostInputSchema, pending.request)
    if (!request.success) return null
    return { request: request.output, leftOut: Array.isArray(pending.leftOut) ? pending.leftOut : [] }
  } catch {
    return null
  }
}

/** Made once per confirmation: its clientId names the request from then on. */
export function startPendingBulkPost(
  userId: number,
  request: Omit<BulkPostInput, 'clientId'>,
  leftOut: LeftOut[],
): PendingBulkPost {
  const pending = { request: { clientId: uuid(), ...request }, leftOut }
  try {
    localStorage.setItem(pendingKeyOf(userId), JSON.stringify(pending))
  } catch {
    // Private mode or a full store: the request still goes, it just will not reopen after a reload.
  }
  return pending
}

export function clearPendingBulkPost(userId: number) {
  try {
    localStorage.removeItem(pendingKeyOf(userId))
  } catch {
    // Nothing kept.
  }
}
