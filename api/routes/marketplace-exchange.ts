// The code exchange every marketplace's connect route answers alike (its exchangePath, contract/marketplace-descriptions.ts):
// the signed-in seller's session, to which the authorization is bound, and the connection made with the sentence that says so.
import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { MARKETPLACES } from '../contract/marketplace-descriptions.ts'
import type { ExchangeInput, ExchangeReply, Platform } from '../contract/marketplaces.ts'
import { unauthorized } from '../errors.ts'
import { requireUser } from '../middleware/session.ts'
import type { MarketplaceOAuth, Requester } from '../services/marketplaces/oauth.ts'

/** The signed-in user and their session, to which an authorization is bound. */
export function requester(c: Context<AppEnv>): Requester {
  const userId = requireUser(c).id
  const sessionToken = c.get('sessionToken')
  if (!sessionToken) throw unauthorized()
  return { userId, sessionToken }
}

/** Exchanges the code the marketplace sent the seller back with, and says the connection is made. */
export async function exchangeCode(
  oauth: MarketplaceOAuth,
  c: Context<AppEnv>,
  platform: Platform,
  { code, state }: ExchangeInput,
  store?: string,
): Promise<ExchangeReply> {
  const connection = await oauth.finish(requester(c), platform, code, state, store)
  return { success: true, message: MARKETPLACES[platform].messages.connected, connection }
}
