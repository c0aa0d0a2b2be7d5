// Marketplace connections as the API returns them (never a token), and the API's other marketplace shapes: the
// platform parameter, eBay's account-deletion challenge and the eBay environment report.
import * as v from 'valibot'
import { PLATFORMS, type Platform } from './marketplace-paths.ts'

export {
  MARKETPLACE_PATHS,
  MARKETPLACE_RESULTS,
  PLATFORMS,
  type MarketplaceResult,
  type Platform,
} from './marketplace-paths.ts'
// What the app imports from here of the flow's description and its exchange input.
export { MARKETPLACES, type MarketplaceDescription } from './marketplace-descriptions.ts'
export { MISSING_CODE_MESSAGE, MISSING_STATE_MESSAGE, type ExchangeInput } from './marketplace-exchange.ts'

/** The :platform of /api/marketplace-connections/:platform/…. */
export const PlatformParamSchema = v.object({
  platform: v.picklist(PLATFORMS, `There is no such marketplace: use ${PLATFORMS.join(' or ')}.`),
})

export interface MarketplaceConnection {
  platform: Platform
  /** False once the grant has lapsed (refresh token expired or revoked): the seller must connect again. */
  connected: boolean
  /** The seller's name there (a username, a shop's name); null for an account without one (a shop not opened yet). */
  accountName: string | null
  accountId: string | null
  /** 'deleted' when eBay reported the account deleted or closed (its tokens are gone); null otherwise. */
  accountDeletionStatus: string | null
  /** When the seller will have to connect again (ISO time); null when the provider gives no end. */
  expiresAt: string | null
  /** When the seller's sales there were last read (ISO time; the Dashboard's 'Sales checked'); null: not yet. */
  lastSyncedAt: string | null
  connectedAt: string
}

export interface MarketplaceStatus {
  platform: Platform
  /** Whether this server has the settings to connect the platform. */
  configured: boolean
  /** What the operator must set when it is not configured. */
  setupMessage: string | null
  connection: MarketplaceConnection | null
}

export interface AuthUrlReply {
  authUrl: string
}

/** What both exchange routes answer (docs/product.md §7): the connection made, and the sentence that says so. */
export interface ExchangeReply {
  success: true
  message: string
  connection: MarketplaceConnection
}

const CHALLENGE_MISSING = 'The challenge_code query parameter is missing.'

/** eBay's Marketplace Account Deletion challenge: GET /api/ebay/account-deletion?challenge_code=…. */
export const EbayChallengeQuerySchema = v.object({
  challenge_code: v.pipe(v.optional(v.string(CHALLENGE_MISSING), ''), v.nonEmpty(CHALLENGE_MISSING)),
})

/**
 * GET /api/debug/ebay-environment for an administrator: what is configured, as yes/no; addresses only where they are
 * public hosts. A seller gets EbayEnvironmentSummary: which settings exist is the admin's business (issue 27, item 16).
 */
export interface EbayEnvironmentReport {
  environment: 'sandbox' | 'production' | null
  configured: boolean
  settings: Record<
    'EBAY_CLIENT_ID' | 'EBAY_CLIENT_SECRET' | 'EBAY_RU_NAME' | 'EBAY_VERIFICATION_TOKEN' | 'EBAY_DELETION_ENDPOINT_URL',
    boolean
  >
  redirect: { ruNamePresent: boolean; acceptedPaths: string[] }
  authBase: string
  apiBase: string
  identityBase: string
  deletionEndpointConfigured: boolean
}

/** What a seller needs of the report: which eBay the server talks to, and whether connecting is set up at all. */
export type EbayEnvironmentSummary = Pick<EbayEnvironmentReport, 'environment' | 'configured'>
