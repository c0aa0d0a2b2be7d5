// eBay's settings, read once from the environment into the Config (api/env.ts composes every wing's): the eBay app,
// its stand-in hosts, account deletion's endpoint and the import's pace. README documents each variable.
import { parseCount } from '../../env-limits.ts'

export interface EbayConfig {
  environment: 'sandbox' | 'production'
  clientId: string | undefined
  /** The Cert ID. */
  clientSecret: string | undefined
  /** The RuName: eBay's name for the redirect, sent as redirect_uri. */
  ruName: string | undefined
  /** Overrides of eBay's consent page, API host, Identity (apiz) host and Media (apim) host, for the stand-in. */
  authUrl: string | undefined
  apiUrl: string | undefined
  identityUrl: string | undefined
  mediaUrl: string | undefined
  /** EBAY_PICTURES_URL: where eBay's listing pictures are served, for the stand-in (i.ebayimg.com otherwise). */
  picturesUrl?: string | undefined
  /** Marketplace Account Deletion: the verification token and the public address of the notification endpoint. */
  verificationToken: string | undefined
  deletionEndpointUrl: string | undefined
}

/** eBay's part of the Config. */
export interface EbayEnv {
  /**
   * The eBay app. Present when any EBAY_* setting is; connecting needs EBAY_CLIENT_ID and EBAY_RU_NAME, and the code
   * exchange EBAY_CLIENT_SECRET too (without it the exchange says 'Missing eBay Certificate ID', as docs/product.md §8 expects).
   */
  ebay: EbayConfig | undefined
  /**
   * EBAY_IMPORT_PACE_MS (the least time between an import's eBay calls; unset, 100) and EBAY_IMPORT_STALE_SECONDS (an
   * import not moving this long is resumed when the seller imports again; unset, 90): docs/decisions/0037.
   */
  ebayImport: { paceMs?: number; staleSeconds?: number }
}

const EBAY_SETTINGS = [
  'EBAY_ENV',
  'EBAY_CLIENT_ID',
  'EBAY_CLIENT_SECRET',
  'EBAY_RU_NAME',
  'EBAY_VERIFICATION_TOKEN',
  'EBAY_DELETION_ENDPOINT_URL',
] as const

const optionalUrl = (name: string, raw: string | undefined) => {
  if (!raw) return undefined
  if (!URL.canParse(raw)) throw new Error(`${name} must be a full address such as https://example.com, got "${raw}".`)
  return raw.replace(/\/+$/, '')
}

function readEbay(env: NodeJS.ProcessEnv): EbayConfig | undefined {
  if (!EBAY_SETTINGS.some((name) => env[name])) return undefined
  const environment = (env.EBAY_ENV || 'sandbox').toLowerCase()
  if (environment !== 'sandbox' && environment !== 'production')
    throw new Error(`EBAY_ENV must be sandbox or production, got "${env.EBAY_ENV}".`)
  return {
    environment,
    clientId: env.EBAY_CLIENT_ID || undefined,
    clientSecret: env.EBAY_CLIENT_SECRET || undefined,
    ruName: env.EBAY_RU_NAME || undefined,
    authUrl: optionalUrl('EBAY_AUTH_URL', env.EBAY_AUTH_URL),
    apiUrl: optionalUrl('EBAY_API_URL', env.EBAY_API_URL),
    identityUrl: optionalUrl('EBAY_IDENTITY_URL', env.EBAY_IDENTITY_URL),
    mediaUrl: optionalUrl('EBAY_MEDIA_URL', env.EBAY_MEDIA_URL),
    picturesUrl: optionalUrl('EBAY_PICTURES_URL', env.EBAY_PICTURES_URL),
    verificationToken: env.EBAY_VERIFICATION_TOKEN || undefined,
    deletionEndpointUrl: optionalUrl('EBAY_DELETION_ENDPOINT_URL', env.EBAY_DELETION_ENDPOINT_URL),
  }
}

function readEbayEnv(env: NodeJS.ProcessEnv): EbayEnv {
  return {
    ebay: readEbay(env),
    ebayImport: {
      ...(env.EBAY_IMPORT_PACE_MS ? { paceMs: parseCount('EBAY_IMPORT_PACE_MS', env.EBAY_IMPORT_PACE_MS, 100) } : {}),
      ...(env.EBAY_IMPORT_STALE_SECONDS
        ? { staleSeconds: parseCount('EBAY_IMPORT_STALE_SECONDS', env.EBAY_IMPORT_STALE_SECONDS, 90) }
        : {}),
    },
  }
}

/** eBay's settings: read from the environment, and the start's summary line (whether sellers can connect, or what is missing). */
export const ebayEnv = {
  read: readEbayEnv,
  describe: ({ ebay }: EbayEnv) =>
    `  eBay:    ${ebay?.clientId && ebay.ruName ? `on (${ebay.environment})` : 'off (no EBAY_CLIENT_ID / EBAY_RU_NAME)'}`,
}
