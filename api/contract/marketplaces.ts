// Marketplace connections as the API returns them (never a token), and the Etsy code exchange's input with docs/product.md §5's
// messages, shared by the API validator, the callback screen and the manual-entry form.
import * as v from 'valibot'

export const PLATFORMS = ['ebay', 'etsy'] as const
export type Platform = (typeof PLATFORMS)[number]

export const PLATFORM_NAMES: Record<Platform, string> = { ebay: 'eBay', etsy: 'Etsy' }

/** The :platform of /api/marketplace-connections/:platform/…. */
export const PlatformParamSchema = v.object({ platform: v.picklist(PLATFORMS, 'There is no such marketplace: use ebay or etsy.') })

export interface MarketplaceConnection {
  platform: Platform
  /** False once the grant has lapsed (refresh token expired or revoked): the seller must connect again. */
  connected: boolean
  /** The eBay username or the Etsy shop name; null for an Etsy account without a shop. */
  accountName: string | null
  accountId: string | null
  /** 'deleted' when eBay reported the account deleted or closed (its tokens are gone); null otherwise. */
  accountDeletionStatus: string | null
  /** When the seller will have to connect again (ISO time); null when the provider gives no end. */
  expiresAt: string | null
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

export interface CheckAuthenticationReply {
  connected: boolean
}

export const MISSING_CODE_MESSAGE = 'Authorization code is missing from the URL'
export const MISSING_STATE_MESSAGE = 'State parameter is missing from the URL'
const ENTER_CODE_MESSAGE = 'Please enter the authorization code'
const ENTER_STATE_MESSAGE = 'Please enter the state parameter'

// Etsy's codes and our states are a few dozen URL-safe characters; the caps only keep junk out of the database and logs.
const CODE_MAX = 2048
const STATE_MAX = 200

const requiredParam = (label: string, missing: string, max: number) =>
  v.pipe(
    v.optional(v.string(missing), ''),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(max, `The ${label} is too long: copy it again from the address Etsy sent you back to.`),
    v.regex(/^[\x21-\x7e]+$/, `The ${label} may contain only the characters of a web address, without spaces.`),
  )

export const EtsyExchangeSchema = v.object({
  code: requiredParam('authorization code', MISSING_CODE_MESSAGE, CODE_MAX),
  state: requiredParam('state parameter', MISSING_STATE_MESSAGE, STATE_MAX),
})
export type EtsyExchangeInput = v.InferOutput<typeof EtsyExchangeSchema>

/** The manual-entry form: the same fields with the form's own wording. */
export const EtsyManualSchema = v.object({
  code: requiredParam('authorization code', ENTER_CODE_MESSAGE, CODE_MAX),
  state: requiredParam('state parameter', ENTER_STATE_MESSAGE, STATE_MAX),
})
export type EtsyManualValues = v.InferInput<typeof EtsyManualSchema>

// eBay sends the code percent-encoded in the query (v%5E1.1%23i%5E1…); its decoded form has ^ and #. A code still
// encoded (pasted from the address bar) is decoded here, once; a decoded one is left alone, as decoding it again
// would corrupt it and eBay answers invalid_grant.
const decodeOnce = (code: string) => {
  if (/[\^#]/.test(code) || !/%[0-9A-Fa-f]{2}/.test(code)) return code
  try {
    return decodeURIComponent(code)
  } catch {
    return code
  }
}

export const EBAY_MISSING_CODE_MESSAGE = 'Missing Code: Please enter the authorization code from eBay.'
/** A code without the state eBay sent it with: only the whole address pairs them. */
export const EBAY_MISSING_STATE_MESSAGE = 'Paste the whole address eBay sent you to, including state=…'

export const EbayExchangeSchema = v.object({
  code: v.pipe(
    v.optional(v.string(EBAY_MISSING_CODE_MESSAGE), ''),
    v.trim(),
    v.nonEmpty(EBAY_MISSING_CODE_MESSAGE),
    v.maxLength(CODE_MAX, 'The authorization code is too long: copy it again from the address eBay sent you back to.'),
    v.regex(/^[\x21-\x7e]+$/, 'The authorization code may contain only the characters of a web address, without spaces.'),
    v.transform(decodeOnce),
  ),
  /**
   * eBay echoes the state it was given; the code is exchanged only with it, so a code from someone else's consent
   * cannot be paired with this session's pending authorization.
   */
  state: v.pipe(
    v.optional(v.string(EBAY_MISSING_STATE_MESSAGE), ''),
    v.trim(),
    v.nonEmpty(EBAY_MISSING_STATE_MESSAGE),
    v.maxLength(STATE_MAX, 'The state parameter is too long.'),
  ),
})
/**
 * The code and state in what the seller pasted: the address eBay sent them to (or just its query). Values stay as they
 * were in the address; the exchange decodes the code once. Text with neither code= nor state= is taken for a bare
 * code, which has no state.
 */
export function readEbayRedirect(text: string): { code: string; state: string } {
  const pasted = text.trim()
  const params = new Map<string, string>()
  for (const pair of pasted.slice(pasted.indexOf('?') + 1).split('&')) {
    const equals = pair.indexOf('=')
    if (equals > 0) params.set(pair.slice(0, equals), pair.slice(equals + 1))
  }
  if (!params.has('code') && !params.has('state')) return { code: pasted, state: '' }
  return { code: params.get('code') ?? '', state: params.get('state') ?? '' }
}

/** The manual screen's one field (docs/product.md §2's code input): the whole address, from which code and state are read. */
export const EbayManualSchema = v.pipe(
  v.object({
    address: v.pipe(
      v.string(EBAY_MISSING_CODE_MESSAGE),
      v.check((text) => readEbayRedirect(text).code !== '', EBAY_MISSING_CODE_MESSAGE),
      v.check((text) => readEbayRedirect(text).code === '' || readEbayRedirect(text).state !== '', EBAY_MISSING_STATE_MESSAGE),
    ),
  }),
  v.transform(({ address }) => readEbayRedirect(address)),
)
export type EbayManualValues = v.InferInput<typeof EbayManualSchema>
export type EbayManualOutput = v.InferOutput<typeof EbayManualSchema>

const CHALLENGE_MISSING = 'The challenge_code query parameter is missing.'

/** eBay's Marketplace Account Deletion challenge: GET /api/ebay/account-deletion?challenge_code=…. */
export const EbayChallengeQuerySchema = v.object({
  challenge_code: v.pipe(v.optional(v.string(CHALLENGE_MISSING), ''), v.nonEmpty(CHALLENGE_MISSING)),
})

/** GET /api/debug/ebay-environment: what is configured, as yes/no; addresses only where they are public hosts. */
export interface EbayEnvironmentReport {
  environment: 'sandbox' | 'production' | null
  configured: boolean
  settings: Record<'EBAY_CLIENT_ID' | 'EBAY_CLIENT_SECRET' | 'EBAY_RU_NAME' | 'EBAY_VERIFICATION_TOKEN' | 'EBAY_DELETION_ENDPOINT_URL', boolean>
  redirect: { ruNamePresent: boolean; acceptedPaths: string[] }
  authBase: string
  apiBase: string
  identityBase: string
  deletionEndpointConfigured: boolean
}
