// Marketplace connections as the API returns them (never a token), and the API's other marketplace shapes: the
// platform parameter, the connect flow's paths and descriptions. A marketplace's own shapes are in its wing
// (api/contract/<marketplace>/).
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
  platform: v.picklist(
    PLATFORMS,
    `There is no such marketplace: use ${PLATFORMS.slice(0, -1).join(', ')} or ${PLATFORMS.at(-1)}.`,
  ),
})

/**
 * The query of /api/marketplace-connections/:platform/auth: where the marketplace connects a seller's own store, its
 * name (the description's store part names the parameter; its wing checks the value). Short, and few.
 */
export const AuthStartQuerySchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.maxLength(20, 'A query parameter’s name is too long')),
    v.pipe(v.string('Each query parameter must be text'), v.maxLength(300, 'A query parameter is too long')),
  ),
  v.check((query) => Object.keys(query).length <= 5, 'Too many query parameters'),
)

export interface MarketplaceConnection {
  platform: Platform
  /** False once the grant has lapsed (refresh token expired or revoked): the seller must connect again. */
  connected: boolean
  /** The seller's name there (a username, a shop's name); null for an account without one (a shop not opened yet). */
  accountName: string | null
  accountId: string | null
  /** 'deleted' when the marketplace reported the account deleted or closed (its tokens are gone); null otherwise. */
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
