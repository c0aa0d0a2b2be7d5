// /api/ebay/account-deletion: eBay's Marketplace Account Deletion endpoint. Public (eBay calls it, with no session);
// the GET answers eBay's challenge, the POST takes a signed notification and answers 204 once it is handled.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { badRequest } from '../errors.ts'
import type { EbayAccountDeletion } from '../services/ebay-account-deletion.ts'

export function ebayAccountDeletionRoutes(deletion: EbayAccountDeletion) {
  return new Hono<AppEnv>()
    .get('/ebay/account-deletion', (c) => {
      const code = c.req.query('challenge_code')
      if (!code) throw badRequest('The challenge_code query parameter is missing.')
      return c.json(deletion.challenge(code), 200)
    })
    .post('/ebay/account-deletion', async (c) => {
      await deletion.notify(await c.req.text(), c.req.header('x-ebay-signature'))
      return c.body(null, 204)
    })
}
