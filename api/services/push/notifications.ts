// Telling the seller's devices by Web Push (docs/decisions/0035). What happened (a sale, a sale beyond the stock, a
// refused revision, a lapsed connection) is queued as a job, in the caller's transaction where it has one; that job
// reads the listing's title once and queues one send per device that has the kind on, so a device whose push service
// is busy is retried alone and the others are not sent twice; at most a seller's few devices (subscriptions.ts). A
// device the push service reports gone is pushed to no more.
import { kindOf, type PushMessage } from '../../contract/push.ts'
import type { SoldOn } from '../../contract/listing.ts'
import type { Platform } from '../../contract/marketplaces.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import * as subscriptions from '../../db/push-subscriptions.ts'
import type { JobQueue } from '../jobs.ts'
import type { PushClient } from './push-client.ts'

export const PUSH_NOTIFY_JOB = 'push-notify'
export const PUSH_SEND_JOB = 'push-send'

/** What happened, as queued: ids only, so the job reads the title as it is when it runs. */
export type PushEvent =
  | { type: 'sold'; listingId: number; soldOn: SoldOn; priceCents: number | null }
  | { type: 'sold-twice'; listingId: number; soldOn: SoldOn; priceCents: number | null }
  | { type: 'revision-refused'; listingId: number; marketplace: Platform }
  | { type: 'reconnect'; marketplace: Platform }
  | { type: 'sale-cancelled'; listingId: number; soldOn: SoldOn; backOn: Platform[] }

interface NotifyJob {
  userId: number
  event: PushEvent
}

interface SendJob {
  subscriptionId: number
  message: PushMessage
}

export interface PushQueue {
  /** In `tx` when given, so the notification exists exactly when what it tells of was committed. */
  notify(tx: Tx | undefined, userId: number, event: PushEvent): Promise<void>
}

/** Queues a notification; services that tell the seller something hold this (routes never do). */
export function createPushQueue(jobs: JobQueue): PushQueue {
  return {
    async notify(tx: Tx | undefined, userId: number, event: PushEvent): Promise<void> {
      const job: NotifyJob = { userId, event }
      if (tx) await jobs.sendInTransaction(tx, PUSH_NOTIFY_JOB, job)
      else await jobs.send(PUSH_NOTIFY_JOB, job)
    },
  }
}

export interface PushNotificationsDeps {
  sql: Sql
  jobs: JobQueue
  client: PushClient
}

export interface PushNotifications {
  /** The job: one send per device of the seller that gets this kind. */
  fanOut(job: NotifyJob): Promise<void>
  /** The job: one push to one device; a busy push service throws, and the job is retried. */
  send(job: SendJob): Promise<void>
}

export function createPushNotifications({ sql, jobs, client }: PushNotificationsDeps): PushNotifications {
  async function messageOf(userId: number, event: PushEvent): Promise<PushMessage | undefined> {
    if (event.type === 'reconnect') return event
    const listing = await listings.findListing(sql, userId, event.listingId)
    // Deleted since, or no longer the seller's: nothing to open.
    if (!listing) return undefined
    return { ...event, title: listing.title }
  }

  return {
    async fanOut({ userId, event }: NotifyJob): Promise<void> {
      const message = await messageOf(userId, event)
      if (!message) return
      const ids = await subscriptions.subscriptionsFor(sql, userId, kindOf(message))
      if (ids.length === 0) return
      await sql.begin((tx) =>
        jobs.sendManyInTransaction(
          tx,
          PUSH_SEND_JOB,
          ids.map((subscriptionId) => ({ data: { subscriptionId, message } satisfies SendJob })),
        ),
      )
    },

    async send({ subscriptionId, message }: SendJob): Promise<void> {
      const target = await subscriptions.findSubscription(sql, subscriptionId)
      if (!target) return
      if ((await client.send(target, JSON.stringify(message))) === 'gone')
        await subscriptions.markGone(sql, subscriptionId)
    },
  }
}
