// The seller's devices' subscriptions, for the routes: where pushes may go (a push service's https endpoint,
// push-hosts.ts), how many devices a seller keeps (a new one replaces the one sent least recently) and how often they
// may be sent (rate-limit.ts). Nothing here contacts the push service, so no answer tells anything of it.
import type { PushSettings } from '../../contract/push.ts'
import type { Sql } from '../../db/client.ts'
import * as subscriptions from '../../db/push-subscriptions.ts'
import { lockUser } from '../../db/users.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import type { PushSubscribeLimiter } from '../rate-limit.ts'
import { isPushServiceEndpoint } from './push-hosts.ts'

/** A seller's devices that get notifications (PUSH_SUBSCRIPTIONS_PER_SELLER): a phone, a tablet, a computer or two. */
export const PUSH_SUBSCRIPTIONS_PER_SELLER = 10

const notAPushService = () =>
  badRequest(
    "Notifications go through the push services of Chrome, Firefox, Edge and Safari; this browser's is not one Snaplist sends to.",
    { endpoint: 'endpoint must be an https address of a push service' },
  )

export interface PushSubscriptionRules {
  limiter: PushSubscribeLimiter
  perSeller?: number
  /** PUSH_SERVICE_HOSTS: push services beside the browsers' own. */
  extraHosts?: readonly string[]
}

export interface PushSubscriptions {
  subscribe(userId: number, input: subscriptions.NewSubscription): Promise<PushSettings>
  /** Stops this device's notifications; another seller's device is left alone and reported absent. */
  unsubscribe(userId: number, endpoint: string): Promise<void>
}

export function createPushSubscriptions(
  sql: Sql,
  { limiter, perSeller = PUSH_SUBSCRIPTIONS_PER_SELLER, extraHosts = [] }: PushSubscriptionRules,
): PushSubscriptions {
  return {
    async subscribe(userId: number, input: subscriptions.NewSubscription): Promise<PushSettings> {
      await limiter.consume(userId)
      if (!isPushServiceEndpoint(input.endpoint, extraHosts)) throw notAPushService()
      const kinds = await sql.begin(async (tx) => {
        await lockUser(tx, userId)
        const saved = await subscriptions.saveSubscription(tx, userId, input)
        if (saved) await subscriptions.dropOldestSubscriptions(tx, userId, perSeller)
        return saved
      })
      if (!kinds)
        throw new AppError(409, 'push_subscription_taken', "Another account gets this device's notifications.")
      return { kinds }
    },
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if (!(await subscriptions.deleteSubscription(sql, userId, endpoint)))
        throw notFound('This device gets no notifications of yours.')
    },
  }
}
