// Sale notifications by Web Push wired together (docs/decisions/0035): the key pair, where pushes may go and how many
// devices a seller keeps, as the server's settings (or a test) give them.
import type { Sql } from '../../db/client.ts'
import type { JobQueue } from '../jobs.ts'
import { createPushSubscribeLimiter, PUSH_SUBSCRIBE_LIMIT } from '../rate-limit.ts'
import { createPushClient } from './push-client.ts'
import type { PushAgentOptions } from './push-transport.ts'
import { createPushNotifications, type PushNotifications } from './notifications.ts'
import { createPushSubscriptions, PUSH_SUBSCRIPTIONS_PER_SELLER, type PushSubscriptions } from './subscriptions.ts'
import { createEphemeralVapidKeys, type VapidKeys } from './vapid.ts'

export interface PushOptions extends PushAgentOptions {
  /** The VAPID key pair; one living as long as the process when not given (tests and benchmarks). */
  vapid?: VapidKeys
  /** The VAPID subject (the https PUBLIC_URL, else a mailto:). */
  subject?: string
  /** PUSH_SERVICE_HOSTS: push services beside the browsers' own. */
  extraHosts?: readonly string[]
  /** PUSH_SUBSCRIPTIONS_PER_SELLER and PUSH_SUBSCRIBE_LIMIT; the defaults when not given. */
  perSeller?: number
  subscribesPerHour?: number
}

export interface PushServices {
  /** The jobs that push. */
  notifications: PushNotifications
  /** The routes' side: devices subscribing and turning off. */
  subscriptions: PushSubscriptions
  /** The VAPID public key devices subscribe with. */
  publicKey: string
}

export function createPushServices(
  sql: Sql,
  jobs: JobQueue,
  publicUrl: string | undefined,
  options: PushOptions,
): PushServices {
  const { vapid = createEphemeralVapidKeys(), subject, extraHosts = [], perSeller, subscribesPerHour } = options
  const client = createPushClient({
    vapid,
    subject: subject ?? (publicUrl?.startsWith('https:') ? publicUrl : 'mailto:push@snaplist.invalid'),
    extraHosts,
    ca: options.ca,
    allowLoopback: options.allowLoopback,
  })
  const limiter = createPushSubscribeLimiter(sql, {
    ...PUSH_SUBSCRIBE_LIMIT,
    max: subscribesPerHour ?? PUSH_SUBSCRIBE_LIMIT.max,
  })
  return {
    notifications: createPushNotifications({ sql, jobs, client }),
    subscriptions: createPushSubscriptions(sql, {
      limiter,
      perSeller: perSeller ?? PUSH_SUBSCRIPTIONS_PER_SELLER,
      extraHosts,
    }),
    publicKey: vapid.publicKey,
  }
}
