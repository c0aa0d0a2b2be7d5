// Sale notifications by Web Push (docs/decisions/0035): the server's VAPID public key, and this device's subscription
// (POST to turn on or change its kinds, DELETE to turn it off), scoped to the signed-in seller.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { PushEndpointSchema, PushSubscriptionSchema, type PushPublicKey } from '../contract/push.ts'
import { requireUser } from '../middleware/session.ts'
import type { PushSubscriptions } from '../services/push/subscriptions.ts'
import { valid } from '../validate.ts'

export function pushRoutes(subscriptions: PushSubscriptions, publicKey: string) {
  return new Hono<AppEnv>()
    .get('/push-subscriptions/key', (c) => c.json({ publicKey } satisfies PushPublicKey, 200))
    .post('/push-subscriptions', valid('json', PushSubscriptionSchema), async (c) => {
      const { endpoint, keys, kinds } = c.req.valid('json')
      return c.json(await subscriptions.subscribe(requireUser(c).id, { endpoint, ...keys, kinds }), 200)
    })
    .delete('/push-subscriptions', valid('json', PushEndpointSchema), async (c) => {
      await subscriptions.unsubscribe(requireUser(c).id, c.req.valid('json').endpoint)
      return c.json({ message: 'This device no longer gets notifications.' }, 200)
    })
}
