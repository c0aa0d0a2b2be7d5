// Connecting a marketplace account with OAuth 2.0: the authorization URL with a state (and a PKCE challenge where the
// provider takes one) kept server-side for the session that asked, then the returned code exchanged and the grant
// stored. A state works once, for 10 minutes, and only for the session that started it.
import { createHash, randomBytes } from 'node:crypto'
import { MARKETPLACES } from '../../contract/marketplace-descriptions.ts'
import type { AuthUrlReply, MarketplaceConnection, Platform } from '../../contract/marketplaces.ts'
import type { Sql } from '../../db/client.ts'
import * as oauthStates from '../../db/oauth-states.ts'
import { AppError } from '../../errors.ts'
import type { TokenCipher } from '../crypto.ts'
import { notConfigured, type MarketplaceConnectionService, type MarketplaceProviders } from './connections.ts'
import { sessionKey } from '../accounts/sessions.ts'
import { requireRecentProof } from '../accounts/recent-proof.ts'

const STATE_LIFETIME_MS = 10 * 60 * 1000
// Pending authorizations a user may have at once (several tabs, a retry); starting one more forgets the oldest.
const MAX_PENDING_STATES = 5

const sha256 = (text: string) => createHash('sha256').update(text).digest()
// 32 random bytes as base64url: 43 characters, inside PKCE's 43–128 from [A-Za-z0-9._~-] (RFC 7636).
const randomToken = () => randomBytes(32).toString('base64url')

const invalidState = (platform: Platform) =>
  new AppError(
    400,
    'oauth_state_invalid',
    `This ${MARKETPLACES[platform].name} authorization does not belong to your current session, has expired (it lasts 10 minutes) or was already used. Start again with Connect on the Dashboard.`,
  )

export interface MarketplaceOAuthDeps {
  sql: Sql
  cipher: TokenCipher
  providers: MarketplaceProviders
  connections: MarketplaceConnectionService
}

/** Who is connecting: the user and the session the authorization is bound to. */
export interface Requester {
  userId: number
  sessionToken: string
}

/** Connecting a seller's account on a marketplace: the consent page to send them to, then the code they come back with. */
export interface MarketplaceOAuth {
  /** The marketplace's consent page, with a new state bound to this session (and a PKCE challenge where it takes one). */
  start(requester: Requester, platform: Platform, query?: Record<string, string | undefined>): Promise<AuthUrlReply>
  /**
   * Exchanges the code the seller came back with, with the state it came with, and stores the grant. Where the
   * marketplace connects stores, `store` is the one the (verified) callback names: it must be the one started with.
   */
  finish(
    requester: Requester,
    platform: Platform,
    code: string,
    state: string,
    store?: string,
  ): Promise<MarketplaceConnection>
}

export function createMarketplaceOAuth({
  sql,
  cipher,
  providers,
  connections,
}: MarketplaceOAuthDeps): MarketplaceOAuth {
  const providerFor = (platform: Platform) => {
    const provider = providers[platform]
    if (!provider) throw notConfigured(platform)
    return provider
  }

  return {
    async start(
      { userId, sessionToken }: Requester,
      platform: Platform,
      query: Record<string, string | undefined> = {},
    ): Promise<AuthUrlReply> {
      // A connected marketplace sells and ends listings in the seller's name: a session idle for long proves itself first.
      await requireRecentProof(sql, sessionToken)
      const provider = providerFor(platform)
      const store = provider.storeOf?.(query) ?? null
      const state = randomToken()
      const codeVerifier = provider.usesPkce ? randomToken() : undefined
      await oauthStates.pruneStates(sql, userId, MAX_PENDING_STATES - 1)
      await oauthStates.insertState(sql, {
        stateHash: sha256(state).toString('hex'),
        userId,
        sessionHash: sessionKey(sessionToken),
        platform,
        codeVerifier: codeVerifier === undefined ? null : cipher.seal(codeVerifier),
        redirectUri: provider.redirectUri,
        store,
        expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
      })
      const codeChallenge = codeVerifier === undefined ? undefined : sha256(codeVerifier).toString('base64url')
      return { authUrl: provider.authorizationUrl({ state, codeChallenge, store }) }
    },

    /**
     * Spends the state the code came back with, exchanges the code with its verifier, finds the account and stores the
     * grant. The state is what ties the code to this session's own consent: a code brought without it (one a page on
     * another site got for its own account) never reaches the marketplace.
     */
    async finish(
      { userId, sessionToken }: Requester,
      platform: Platform,
      code: string,
      state: string,
      store?: string,
    ): Promise<MarketplaceConnection> {
      const provider = providerFor(platform)
      const stateHash = sha256(state).toString('hex')
      const claimed = await oauthStates.claimState(sql, {
        stateHash,
        userId,
        sessionHash: sessionKey(sessionToken),
        platform,
      })
      if (!claimed || claimed.store !== (store ?? null)) throw invalidState(platform)
      const codeVerifier = claimed.codeVerifier === null ? undefined : cipher.open(claimed.codeVerifier)
      if (claimed.codeVerifier !== null && codeVerifier === undefined) throw invalidState(platform)
      const grant = await provider.exchangeCode({
        code,
        codeVerifier,
        redirectUri: claimed.redirectUri,
        store: claimed.store,
      })
      const account = await provider.identify(grant.accessToken, claimed.store)
      return connections.save(userId, platform, grant, account)
    },
  }
}
