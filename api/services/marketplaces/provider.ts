// What connecting a marketplace account needs of each marketplace (its wing's connect part makes one): its OAuth
// consent page, the code and refresh exchanges, and the account a token belongs to. The connection service
// (connections.ts) stores and hands out what these make.
import type { Platform } from '../../contract/marketplace-paths.ts'
import type { Account } from '../../db/marketplace-connections.ts'

export interface TokenGrant {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
  refreshExpiresAt: Date | null
  /** The scopes granted, when the marketplace says or its consent grants all that was asked. */
  scopes?: readonly string[]
}

export type MarketplaceAccount = Account

export interface MarketplaceProvider {
  platform: Platform
  /** Where the marketplace sends the seller back; registered with the marketplace. */
  redirectUri: string
  usesPkce: boolean
  /**
   * Where each seller's account is its own store (its own address), the store the seller named when starting, read
   * from the start's query (a 400 for anything that is not one); absent where the marketplace has one address.
   */
  storeOf?(query: Record<string, string | undefined>): string
  authorizationUrl(request: { state: string; codeChallenge: string | undefined; store?: string | null }): string
  exchangeCode(request: {
    code: string
    codeVerifier: string | undefined
    redirectUri: string
    store?: string | null
  }): Promise<TokenGrant>
  refresh(refreshToken: string): Promise<TokenGrant>
  /** The account the token belongs to; `store` is the connection's account id where the marketplace has stores. */
  identify(accessToken: string, store?: string | null): Promise<MarketplaceAccount>
}

export type MarketplaceProviders = Partial<Record<Platform, MarketplaceProvider>>
