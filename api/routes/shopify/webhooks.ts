// /api/shopify/webhooks: where Shopify delivers the store's webhooks and the app's mandatory privacy webhooks. Public:
// Shopify calls it with no session, and the signature is what is checked (services/shopify/webhooks.ts): 401 when it
// does not verify, 200 once the delivery is taken; 404 while Shopify is not set up on this server.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { notFound } from '../../errors.ts'
import { SHOPIFY_WEBHOOK_PATH, type ShopifyWebhooks } from '../../services/shopify/webhooks.ts'

export function shopifyWebhookRoutes(webhooks: ShopifyWebhooks | undefined) {
  // Mounted under /api with the other API routes.
  return new Hono<AppEnv>().post(SHOPIFY_WEBHOOK_PATH.replace(/^\/api/, ''), async (c) => {
    if (!webhooks) throw notFound('Shopify is not set up on this server (SHOPIFY_CLIENT_ID).')
    await webhooks.receive({
      topic: c.req.header('x-shopify-topic'),
      shop: c.req.header('x-shopify-shop-domain'),
      webhookId: c.req.header('x-shopify-webhook-id'),
      hmac: c.req.header('x-shopify-hmac-sha256'),
      body: await c.req.text(),
    })
    return c.body(null, 200)
  })
}
