// /api/ebay/order-notifications/<key>: where eBay pushes a seller's ORDER_CONFIRMATION (services/ebay/order-push.ts).
// Public: eBay calls it with no session. The GET answers eBay's challenge for that seller's address, the POST takes a
// signed push and answers 204 once the order's read is queued, so eBay stops retrying. 404 when this server does not
// take eBay's pushes (no https PUBLIC_URL, EBAY_VERIFICATION_TOKEN or app keys).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { EbayChallengeQuerySchema } from '../../contract/ebay/ebay-challenge.ts'
import { notFound } from '../../errors.ts'
import { EBAY_ORDER_PUSH_PATH, type EbayOrderPush } from '../../services/ebay/order-push.ts'
import { valid } from '../../validate.ts'

/** clientAddress: the caller's address, as the app reads it (behind a proxy, the hop the proxy added). */
export function ebayOrderPushRoutes(push: EbayOrderPush | undefined, clientAddress: (c: Context) => string) {
  const taken = () => {
    if (!push) throw notFound('eBay order notifications are not set up on this server.')
    return push
  }
  // Mounted under /api with the other API routes.
  const path = `${EBAY_ORDER_PUSH_PATH.replace(/^\/api/, '')}/:key`
  return new Hono<AppEnv>()
    .get(path, valid('query', EbayChallengeQuerySchema), async (c) =>
      c.json(await taken().challenge(c.req.param('key') ?? '', c.req.valid('query').challenge_code), 200),
    )
    .post(path, async (c) => {
      await taken().receive(
        c.req.param('key') ?? '',
        await c.req.text(),
        c.req.header('x-ebay-signature'),
        clientAddress(c),
      )
      return c.body(null, 204)
    })
}
