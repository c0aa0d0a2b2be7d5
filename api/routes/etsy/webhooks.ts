// /api/etsy/webhooks: where Etsy delivers the webhooks registered in its portal (order.paid). Public: Etsy calls it
// with no session, and the signature is what is checked (services/etsy/sales-push.ts). Answers 204 once the sale's
// read is queued, so Etsy stops retrying; 404 when this server has no webhook secret (ETSY_WEBHOOK_SECRET).
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { notFound } from '../../errors.ts'
import { ETSY_WEBHOOK_PATH, type EtsySalesPush } from '../../services/etsy/sales-push.ts'

export function etsyWebhookRoutes(push: EtsySalesPush | undefined) {
  // Mounted under /api with the other API routes.
  return new Hono<AppEnv>().post(ETSY_WEBHOOK_PATH.replace(/^\/api/, ''), async (c) => {
    if (!push) throw notFound('Etsy webhooks are not set up on this server (ETSY_WEBHOOK_SECRET).')
    await push.receive({
      id: c.req.header('webhook-id'),
      timestamp: c.req.header('webhook-timestamp'),
      signature: c.req.header('webhook-signature'),
      body: await c.req.text(),
    })
    return c.body(null, 204)
  })
}
