// Marketplace connections as the API returns them (never a token), and each marketplace's connect flow described once
// (MARKETPLACES): callback addresses, exchange route and input, the screens' words and timings, the manual entry. The
// API's routes and provider modules, the router and the callback and manual screens all read it.
import * as v from 'valibot'
import { MARKETPLACE_PATHS, PLATFORMS, type MarketplaceResult, type Platform } from './marketplace-paths.ts'

export {
  MARKETPLACE_PATHS,
  MARKETPLACE_RESULTS,
  PLATFORMS,
  type MarketplaceResult,
  type Platform,
} from './marketplace-paths.ts'

/** The :platform of /api/marketplace-connections/:platform/…. */
export const PlatformParamSchema = v.object({
  platform: v.picklist(PLATFORMS, 'There is no such marketplace: use ebay or etsy.'),
})

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

// The callback's and the manual screens' words for a code or state that is missing (docs/product.md §8).
export const MISSING_CODE_MESSAGE = 'Authorization code is missing from the URL'
export const MISSING_STATE_MESSAGE = 'State parameter is missing from the URL'
export const EBAY_MISSING_CODE_MESSAGE = 'Missing Code: Please enter the authorization code from eBay.'
/** A code without the state eBay sent it with: only the whole address pairs them. */
export const EBAY_MISSING_STATE_MESSAGE = 'Paste the whole address eBay sent you to, including state=…'

// Codes and our states are a few dozen URL-safe characters; the caps only keep junk out of the database and logs.
const CODE_MAX = 2048
const STATE_MAX = 200

/** One value copied from the address the marketplace sent the seller back to, with that marketplace's words. */
const addressParam = (marketplace: string, label: string, missing: string, max: number) =>
  v.pipe(
    v.optional(v.string(missing), ''),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(max, `The ${label} is too long: copy it again from the address ${marketplace} sent you back to.`),
    v.regex(/^[\x21-\x7e]+$/, `The ${label} may contain only the characters of a web address, without spaces.`),
  )

const codeAndState = (marketplace: string, missing: { code: string; state: string }) =>
  v.object({
    code: addressParam(marketplace, 'authorization code', missing.code, CODE_MAX),
    state: addressParam(marketplace, 'state parameter', missing.state, STATE_MAX),
  })

/** What both exchange routes take: the code and the state it came back with (docs/product.md §14). */
export interface ExchangeInput {
  code: string
  state: string
}

/** What both exchange routes answer (docs/product.md §7): the connection made, and the sentence that says so. */
export interface ExchangeReply {
  success: true
  message: string
  connection: MarketplaceConnection
}

export const EtsyExchangeSchema = codeAndState('Etsy', { code: MISSING_CODE_MESSAGE, state: MISSING_STATE_MESSAGE })

/** The Etsy manual-entry form: the same fields with the form's own wording. */
export const EtsyManualSchema = codeAndState('Etsy', {
  code: 'Please enter the authorization code',
  state: 'Please enter the state parameter',
})

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

const ebayCodeAndState = codeAndState('eBay', { code: EBAY_MISSING_CODE_MESSAGE, state: EBAY_MISSING_STATE_MESSAGE })

/**
 * eBay echoes the state it was given; the code is exchanged only with it, so a code from someone else's consent
 * cannot be paired with this session's pending authorization.
 */
export const EbayExchangeSchema = v.object({
  ...ebayCodeAndState.entries,
  code: v.pipe(ebayCodeAndState.entries.code, v.transform(decodeOnce)),
})

/**
 * The code and state in what the seller pasted: the address eBay sent them to (or just its query). Values stay as they
 * were in the address; the exchange decodes the code once. Text with neither code= nor state= is taken for a bare
 * code, which has no state.
 */
export function readEbayRedirect(text: string): ExchangeInput {
  const pasted = text.trim()
  const params = new Map<string, string>()
  for (const pair of pasted.slice(pasted.indexOf('?') + 1).split('&')) {
    const equals = pair.indexOf('=')
    if (equals > 0) params.set(pair.slice(0, equals), pair.slice(equals + 1))
  }
  if (!params.has('code') && !params.has('state')) return { code: pasted, state: '' }
  return { code: params.get('code') ?? '', state: params.get('state') ?? '' }
}

/** The eBay manual screen's one field (docs/product.md §2's code input): the whole address, from which code and state are read. */
export const EbayManualSchema = v.pipe(
  v.object({
    address: v.pipe(
      v.string(EBAY_MISSING_CODE_MESSAGE),
      v.check((text) => readEbayRedirect(text).code !== '', EBAY_MISSING_CODE_MESSAGE),
      v.check(
        (text) => readEbayRedirect(text).code === '' || readEbayRedirect(text).state !== '',
        EBAY_MISSING_STATE_MESSAGE,
      ),
    ),
  }),
  v.transform(({ address }) => readEbayRedirect(address)),
)

/** Where the callback screen takes the seller (/?etsy=success …) and after how long; null: the page stays to be read. */
interface Leave {
  result: MarketplaceResult
  afterMs: number | null
}

/**
 * One marketplace's connect flow, described once for the API and the app (docs/product.md §2, §7, §8, §9, §14): the
 * addresses it sends the seller back to, the exchange route, what the screens say and when they leave, and the manual
 * entry. Adding a marketplace is one more of these plus its provider module (api/services/marketplaces/).
 */
export interface MarketplaceDescription {
  platform: Platform
  name: string
  /** The callback screen's addresses; the first is the one to register with the marketplace. */
  successPaths: readonly [string, ...string[]]
  cancelPaths: readonly string[]
  manualPath: string
  /** The code exchange, under /api. */
  exchangePath: string
  exchangeSchema: v.GenericSchema<unknown, ExchangeInput>
  leave: { connected: Leave; failed: Leave; cancelled: Leave }
  /** When the marketplace's consent ran in a popup: how soon the callback closes it after telling the opener. */
  popupCloseMs?: { connected: number; failed: number }
  messages: {
    /** The Connect dialog's explanation. */
    about: string
    connectFailed: string
    connected: string
    returnedWithError: string
    statusCheckFailed: string
    /** For an administrator: the settings to make (the seller is told to ask one). */
    setup: string
    connectedTitle: string
    connectedStatus: (accountName: string | null) => string
    failedTitle: string
    failedToast: string
    /** The cancel screen's toast title, for a marketplace whose cancel screen has one. */
    cancelledToast?: string
  }
  /** Shown on a failure that stays on screen, with the environment check and a way to the manual screen. */
  troubleshootingTips?: readonly string[]
  manual: {
    /** Above the fields; what stands between backticks is shown as code. */
    intro: string
    fields: readonly { name: string; label: string; hint?: string }[]
    /** The fields' values to the code and state to exchange, in the screen's words. */
    schema: v.GenericSchema<Record<string, string>, ExchangeInput>
  }
}

const ETSY_CONNECTED = 'Your Etsy account has been connected.'

export const MARKETPLACES = {
  ebay: {
    ...MARKETPLACE_PATHS.ebay,
    name: 'eBay',
    exchangePath: '/marketplace-connections/ebay/exchange-token',
    exchangeSchema: EbayExchangeSchema,
    leave: {
      connected: { result: 'connected', afterMs: 2000 },
      failed: { result: 'error', afterMs: null },
      cancelled: { result: 'canceled', afterMs: 2000 },
    },
    // Quickly after success, more slowly after a failure so its message can be read.
    popupCloseMs: { connected: 500, failed: 2000 },
    messages: {
      about:
        'Connect your eBay seller account so Snaplist can publish your listings to eBay for you. You sign in on eBay itself; Snaplist never sees your eBay password.',
      connectFailed: 'Unable to connect to eBay. Please ensure you have a valid eBay account and try again.',
      connected: 'Your eBay account has been connected successfully.',
      returnedWithError: 'There was an error connecting your eBay account. Please try again.',
      statusCheckFailed: 'Failed to check eBay connection status',
      setup: `eBay is not set up on this server. The site operator needs to set EBAY_CLIENT_ID (the App ID of an eBay app), EBAY_CLIENT_SECRET (its Cert ID), EBAY_RU_NAME (the RuName whose Auth Accepted URL is this site’s ${MARKETPLACE_PATHS.ebay.successPaths[0]} address) and EBAY_ENV (sandbox or production), then restart Snaplist.`,
      connectedTitle: 'eBay Connected',
      connectedStatus: (accountName) =>
        `Your eBay account has been successfully connected${accountName ? ` as ${accountName}` : ''}.`,
      failedTitle: 'eBay Connection Failed',
      failedToast: 'eBay Connection Failed',
      cancelledToast: 'eBay Connection Cancelled',
    },
    troubleshootingTips: [
      'Start again from Connect on the Dashboard: an authorization code works once, for about 5 minutes.',
      'Sign in to eBay with the seller account you want to list with, and choose Agree on eBay’s page.',
      'Make sure you are signed in to Snaplist in this browser, in the same session that started connecting.',
      'If eBay’s page said something about the app or RuName, the site operator needs to check the eBay settings (use Check Environment below).',
    ],
    manual: {
      intro:
        'If eBay sent you to an address that did not open Snaplist, copy that whole address from the address bar into the field below. It works once, for about 5 minutes, in the browser where you started connecting.',
      fields: [{ name: 'address', label: 'Address from eBay', hint: 'It has code=… and state=… in it.' }],
      schema: EbayManualSchema,
    },
  },
  etsy: {
    ...MARKETPLACE_PATHS.etsy,
    name: 'Etsy',
    exchangePath: '/etsy/exchange-token',
    exchangeSchema: EtsyExchangeSchema,
    leave: {
      connected: { result: 'success', afterMs: 1500 },
      failed: { result: 'error', afterMs: 3000 },
      cancelled: { result: 'error', afterMs: 1500 },
    },
    messages: {
      about:
        'Connect your Etsy shop with Etsy’s own sign-in; Snaplist never sees your Etsy password. Publishing to Etsy is Coming Soon: it is a testing feature today.',
      connectFailed: 'Unable to connect to Etsy. Please try again later.',
      connected: ETSY_CONNECTED,
      returnedWithError: 'There was an error connecting your Etsy account. Please try again.',
      statusCheckFailed: 'Failed to check Etsy connection status',
      setup: `Etsy is not set up on this server. The site operator needs to set ETSY_CLIENT_ID (the keystring of an Etsy app) and ETSY_REDIRECT_URI (this site’s ${MARKETPLACE_PATHS.etsy.successPaths[0]} address, registered in that Etsy app), plus ETSY_SHARED_SECRET if Etsy asks for it, then restart Snaplist.`,
      connectedTitle: 'Success',
      connectedStatus: (accountName) => `${ETSY_CONNECTED}${accountName ? ` Shop: ${accountName}.` : ''}`,
      failedTitle: 'Connection Failed',
      failedToast: 'Failed to connect Etsy',
    },
    manual: {
      intro:
        'If Etsy sent you to an address that did not open Snaplist, copy the values after `code=` and `state=` from that address into the fields below. They work once, for 10 minutes after you started connecting.',
      fields: [
        { name: 'code', label: 'Authorization Code' },
        { name: 'state', label: 'State Parameter' },
      ],
      schema: EtsyManualSchema,
    },
  },
} as const satisfies Record<Platform, MarketplaceDescription>

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
