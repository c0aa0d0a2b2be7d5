// /api/ebay/account-deletion: eBay's Marketplace Account Deletion endpoint. Public (eBay calls it, with no session);
// the GET answers eBay's challenge, the POST takes a signed notification and answers 204 once it is handled.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { EbayChallengeQuerySchema } from '../../contract/ebay/ebay-challenge.ts'
import type { EbayAccountDeletion } from '../../services/ebay/account-deletion.ts'
import { valid } from '../../validate.ts'

/** clientAddress: the caller's address, as the app reads it (behind a proxy, the hop the proxy added). */
export function ebayAccountDeletionRoutes(deletion: EbayAccountDeletion, clientAddress: (c: Context) => string) {
  return new Hono<AppEnv>()
    .get('/ebay/account-deletion', valid('query', EbayChallengeQuerySchema), (c) =>
      c.json(deletion.challenge(c.req.valid('query').challenge_code), 200),
    )
    .post('/ebay/account-deletion', async (c) => {
      await deletion.notify(await c.req.text(), c.req.header('x-ebay-signature'), clientAddress(c))
      return c.body(null, 204)
    })
}
