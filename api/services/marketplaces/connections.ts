// A seller's marketplace connections, whatever the marketplace: the list the Dashboard shows (never a token), the
// status and live check of one, disconnecting, storing a grant sealed, and handing out an access token refreshed
// before it expires. Each marketplace plugs in through its wing's connect part (MarketplaceConnect, in
// services/<marketplace>/<marketplace>-connect.ts, read through services/marketplace-modules.ts), its connect flow
// described in contract/marketplace-descriptions.ts.
import { MARKETPLACES } from '../../contract/marketplace-descriptions.ts'
import { logChange } from '../../db/change-events.ts'
import type { MarketplaceConnection, MarketplaceStatus, Platform } from '../../contract/marketplaces.ts'
import type { ErrorCode } from '../../contract/errors.ts'
import type { Sql } from '../../db/client.ts'
import * as connections from '../../db/marketplace-connections.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { PushQueue } from '../push/notifications.ts'
import { AppError, notFound } from '../../errors.ts'
import type { TokenCipher } from '../crypto.ts'
import type { MarketplaceAccount, MarketplaceProvider, MarketplaceProviders, TokenGrant } from './provider.ts'
import type { MarketplacesConfig } from '../marketplace-settings.ts'

export type { MarketplaceAccount, MarketplaceProvider, MarketplaceProviders, TokenGrant } from './provider.ts'

/** A marketplace's connect part, declared in its wing: how its grants are made, and what a new one makes stale. */
export interface MarketplaceConnect {
  /** The marketplace's OAuth from the server's settings, or undefined while they are incomplete. */
  provider(config: MarketplacesConfig): MarketplaceProvider | undefined
  /**
   * What Snaplist keeps read from the marketplace account, forgotten on each new grant (the seller may have changed it
   * on the marketplace since).
   */
  forgetAccount?(sql: Sql, userId: number): Promise<void>
}

/** The marketplace refused a code, a refresh token or an access token: that grant is over. */
export class GrantRefused extends AppError {
  constructor(platform: Platform, message: string, code: ErrorCode = `${platform}_grant_refused`) {
    super(400, code, message)
  }
}

/** The marketplace refused an access token (HTTP 401): worth one refresh before the grant counts as over. */
export class TokenRejected extends GrantRefused {
  constructor(platform: Platform, message: string) {
    super(platform, message, `${platform}_token_rejected`)
  }
}

// Refreshing this long before the expiry means a token handed out is still good for the call it is wanted for.
const REFRESH_MARGIN_MS = 5 * 60 * 1000

const sellerSetupMessage = (platform: Platform) =>
  `${MARKETPLACES[platform].name} is not set up on this server, ask the admin.`

/** Refuses a call that needs the marketplace; in the seller's words, as the status answer gives admins the details. */
export const notConfigured = (platform: Platform) =>
  new AppError(503, 'marketplace_not_configured', sellerSetupMessage(platform))

/** The stored grant no longer works: the seller has to connect again. */
class ConnectionLapsed extends AppError {
  constructor(platform: Platform) {
    // '… token expired' is what the Dashboard's toasts look for (docs/product.md §8).
    const name = MARKETPLACES[platform].name
    super(
      409,
      'marketplace_connection_lapsed',
      `${name} token expired: your ${name} connection has lapsed. Connect ${name} again from the Dashboard.`,
    )
  }
}

/** When the seller will have to connect again: the refresh token's end, or the access token's when there is none. */
const grantEnd = (row: connections.ConnectionRow) => (row.refreshToken ? row.refreshTokenExpiry : row.tokenExpiry)

function toView(row: connections.ConnectionRow): MarketplaceConnection {
  const end = grantEnd(row)
  return {
    platform: row.platform,
    connected: end === null || end.getTime() > Date.now(),
    accountName: row.accountName,
    accountId: row.accountId,
    accountDeletionStatus: row.accountDeletionStatus,
    expiresAt: end?.toISOString() ?? null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    connectedAt: row.createdAt.toISOString(),
  }
}

const isDue = (expiry: Date | null) => expiry !== null && expiry.getTime() - Date.now() < REFRESH_MARGIN_MS

export interface MarketplaceConnectionDeps {
  sql: Sql
  cipher: TokenCipher
  providers: MarketplaceProviders
  /** Tells the seller's phones that a connection lapsed (services/push); nobody is told without it. */
  push?: PushQueue
  /** Checking a connection asks the marketplace: it counts on the install's lookup limit (issue 46 G3) when given. */
  limits?: LookupLimiter
  /** Each marketplace's connect part (services/marketplace-modules.ts): what a new grant makes stale; nothing without it. */
  connects?: Partial<Record<Platform, MarketplaceConnect>>
}

/** A seller's connections to the marketplaces, whatever the marketplace (every token handled here, never shown). */
export interface MarketplaceConnectionService {
  /** The Dashboard's list of the seller's connections. */
  list(userId: number): Promise<MarketplaceConnection[]>
  /** Whether the server can connect there, and the seller's connection; an admin is told which settings are missing. */
  status(user: { id: number; isAdmin: boolean }, platform: Platform): Promise<MarketplaceStatus>
  /** Asks the marketplace whether the grant still works (refreshing when due), keeping the account name; a refused one lapses. */
  checkAuthentication(userId: number, platform: Platform): Promise<boolean>
  disconnect(userId: number, platform: Platform): Promise<void>
  /** Runs `use` with the seller's access token, refreshed when due; a grant that is over ends as 'token expired'. */
  call<T>(userId: number, platform: Platform, use: (token: string) => Promise<T>): Promise<T>
  /** Stores a fresh grant, replacing any earlier one there, and forgets what was kept of the account (issue 47). */
  save(
    userId: number,
    platform: Platform,
    grant: TokenGrant,
    account: MarketplaceAccount,
  ): Promise<MarketplaceConnection>
}

export function createMarketplaceConnectionService(deps: MarketplaceConnectionDeps): MarketplaceConnectionService {
  const { sql, cipher, providers, push, limits, connects = {} } = deps
  /**
   * The grant is over: kept as lapsed. The seller hears of it once, from the call that ended it: their open screens are
   * told to ask for a new connection (decision 0034), and their phones (decision 0035).
   */
  async function lapse(row: connections.ConnectionRow): Promise<void> {
    const userId = await connections.markLapsed(sql, row.id, row.refreshToken)
    if (userId === undefined) return
    await logChange(sql, userId, 'connection-needs-renewal', null, { platform: row.platform })
    if (push)
      await push
        .notify(undefined, userId, { type: 'reconnect', marketplace: row.platform })
        .catch((error: unknown) => console.error('[push] a lapsed connection was not queued:', error))
  }

  const seal = (grant: TokenGrant): connections.SealedTokens => ({
    accessToken: cipher.seal(grant.accessToken),
    refreshToken: grant.refreshToken === null ? null : cipher.seal(grant.refreshToken),
    tokenExpiry: grant.expiresAt,
    refreshTokenExpiry: grant.refreshExpiresAt,
    scopes: grant.scopes ?? null,
  })

  async function openToken(sealed: string, row: connections.ConnectionRow): Promise<string> {
    const token = cipher.open(sealed)
    if (token !== undefined) return token
    // Sealed under another APP_SECRET (changed, or the generated one lost): unusable, so the seller connects again.
    console.error(
      `[marketplaces] the stored ${row.platform} token of connection ${row.id} cannot be decrypted with this server's APP_SECRET`,
    )
    await lapse(row)
    throw new ConnectionLapsed(row.platform)
  }

  /** Swaps the refresh token for new tokens and stores them, keeping the rotated refresh token. */
  async function refresh(
    provider: MarketplaceProvider,
    row: connections.ConnectionRow,
    sealedRefreshToken: string,
  ): Promise<string> {
    const refreshToken = await openToken(sealedRefreshToken, row)
    let grant: TokenGrant
    try {
      grant = await provider.refresh(refreshToken)
    } catch (error) {
      if (!(error instanceof GrantRefused)) throw error
      // Another request may have refreshed first and so spent this refresh token: its tokens are the ones to use.
      const current = await connections.findConnection(sql, row.userId, row.platform)
      if (current && current.refreshToken !== sealedRefreshToken && !isDue(current.tokenExpiry))
        return openToken(current.accessToken, current)
      await lapse(row)
      throw new ConnectionLapsed(row.platform)
    }
    // A refresh token that was not rotated (a marketplace may keep one for its lifetime) keeps its own end.
    const kept =
      grant.refreshToken === null
        ? { refreshToken, refreshExpiresAt: grant.refreshExpiresAt ?? row.refreshTokenExpiry }
        : {}
    await connections.replaceTokens(sql, row.id, sealedRefreshToken, seal({ ...grant, ...kept }))
    return grant.accessToken
  }

  /** A usable access token for the row, refreshed first when it expires within the margin. */
  async function tokenFor(provider: MarketplaceProvider, row: connections.ConnectionRow): Promise<string> {
    if (!toView(row).connected) throw new ConnectionLapsed(row.platform)
    if (!isDue(row.tokenExpiry)) return openToken(row.accessToken, row)
    if (!row.refreshToken) throw new ConnectionLapsed(row.platform)
    return refresh(provider, row, row.refreshToken)
  }

  /**
   * Runs a marketplace call with a good access token; when the marketplace rejects the token anyway (revoked early,
   * clock skew), refreshes once and tries again. A second rejection means the grant is over.
   */
  async function withAccessToken<T>(
    provider: MarketplaceProvider,
    row: connections.ConnectionRow,
    use: (token: string) => Promise<T>,
  ): Promise<T> {
    try {
      return await use(await tokenFor(provider, row))
    } catch (error) {
      if (!(error instanceof TokenRejected) || !row.refreshToken) throw error
    }
    const current = (await connections.findConnection(sql, row.userId, row.platform)) ?? row
    if (!current.refreshToken) throw new ConnectionLapsed(row.platform)
    return use(await refresh(provider, current, current.refreshToken))
  }

  return {
    list: async (userId: number): Promise<MarketplaceConnection[]> =>
      (await connections.listConnections(sql, userId)).map(toView),

    async status(
      { id: userId, isAdmin }: { id: number; isAdmin: boolean },
      platform: Platform,
    ): Promise<MarketplaceStatus> {
      const row = await connections.findConnection(sql, userId, platform)
      const configured = providers[platform] !== undefined
      const setupMessage = configured
        ? null
        : isAdmin
          ? MARKETPLACES[platform].messages.setup
          : sellerSetupMessage(platform)
      return { platform, configured, setupMessage, connection: row ? toView(row) : null }
    },

    async checkAuthentication(userId: number, platform: Platform): Promise<boolean> {
      const row = await connections.findConnection(sql, userId, platform)
      const provider = providers[platform]
      if (!row || !provider) return row ? toView(row).connected : false
      try {
        const account = await withAccessToken(provider, row, async (token) => {
          await limits?.asking(platform)
          return provider.identify(token, row.accountId)
        })
        await connections.updateAccount(sql, row.id, account)
        return true
      } catch (error) {
        if (error instanceof GrantRefused) await lapse(row)
        else if (!(error instanceof ConnectionLapsed)) throw error
        return false
      }
    },

    async disconnect(userId: number, platform: Platform): Promise<void> {
      if (!(await connections.deleteConnection(sql, userId, platform)))
        throw notFound(`No ${MARKETPLACES[platform].name} account is connected.`)
    },

    async call<T>(userId: number, platform: Platform, use: (token: string) => Promise<T>): Promise<T> {
      const row = await connections.findConnection(sql, userId, platform)
      const provider = providers[platform]
      if (!provider) throw notConfigured(platform)
      if (!row)
        throw notFound(`No ${MARKETPLACES[platform].name} account is connected. Connect it from the Dashboard first.`)
      try {
        return await withAccessToken(provider, row, use)
      } catch (error) {
        if (!(error instanceof GrantRefused)) throw error
        await lapse(row)
        throw new ConnectionLapsed(platform)
      }
    },

    async save(
      userId: number,
      platform: Platform,
      grant: TokenGrant,
      account: MarketplaceAccount,
    ): Promise<MarketplaceConnection> {
      const row = await connections.saveConnection(sql, userId, platform, seal(grant), account)
      await connects[platform]?.forgetAccount?.(sql, userId)
      return toView(row)
    },
  }
}
