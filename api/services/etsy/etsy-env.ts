// Etsy's settings, read once from the environment into the Config (api/env.ts composes every wing's): the Etsy app,
// where it sends the seller back, its stand-in hosts and the webhook secret. README documents each variable.
import { ETSY_PATHS } from '../../contract/etsy/etsy-paths.ts'
import { checkedWebhookSecret } from './webhook-signature.ts'

export interface EtsySettings {
  clientId: string
  sharedSecret: string | undefined
  redirectUri: string
  authUrl: string | undefined
  apiUrl: string | undefined
  webhookSecret: string | undefined
}

/** Etsy's part of the Config. */
export interface EtsyEnv {
  /** The Etsy app; unset, connecting Etsy is off and the Dashboard says what to set. */
  etsy: EtsySettings | undefined
}

function readEtsy(env: NodeJS.ProcessEnv): EtsySettings | undefined {
  const { ETSY_CLIENT_ID: clientId, ETSY_REDIRECT_URI: redirectUri, ETSY_SHARED_SECRET: sharedSecret } = env
  if (!clientId && !redirectUri && !sharedSecret) return undefined
  if (!clientId || !redirectUri)
    throw new Error('Connecting Etsy needs both ETSY_CLIENT_ID and ETSY_REDIRECT_URI (or neither, to leave Etsy off).')
  // Etsy compares the redirect URI with the registered one character for character; a query or fragment never matches.
  // And it must be one of the Etsy callback screen's addresses, or the seller comes back to Not Found.
  const { successPaths } = ETSY_PATHS
  if (
    !URL.canParse(redirectUri) ||
    /[?#]/.test(redirectUri) ||
    !(successPaths as readonly string[]).includes(new URL(redirectUri).pathname)
  ) {
    throw new Error(
      `ETSY_REDIRECT_URI must be a full address without ? or #, ending in ${successPaths.join(' or ')}, e.g. https://snaplist.example.com${successPaths[0]}.`,
    )
  }
  return {
    clientId,
    sharedSecret: sharedSecret || undefined,
    redirectUri,
    authUrl: env.ETSY_AUTH_URL || undefined,
    apiUrl: env.ETSY_API_URL || undefined,
    webhookSecret: env.ETSY_WEBHOOK_SECRET ? checkedWebhookSecret(env.ETSY_WEBHOOK_SECRET) : undefined,
  }
}

/** Etsy's settings: read from the environment, and the start's summary line (whether sellers can connect, or what is missing). */
export const etsyEnv = {
  read: (env: NodeJS.ProcessEnv): EtsyEnv => ({ etsy: readEtsy(env) }),
  describe: ({ etsy }: EtsyEnv) =>
    `  Etsy:    ${etsy ? `on, returning to ${etsy.redirectUri}` : 'off (no ETSY_CLIENT_ID / ETSY_REDIRECT_URI)'}`,
}
