// eBay's application access token (client credentials grant, integration-notes §A3): what the app itself may call
// without any seller (the Notification API's public keys, Taxonomy, Browse). One token is reused until a minute
// before it expires (eBay allows 1,000 a day), and calls made at the same time share one request for it.
import * as v from 'valibot'
import type { EbayConfig } from './ebay-env.ts'
import { ebayBasicAuth, hostsOf } from './hosts.ts'

const APP_SCOPE = 'https://api.ebay.com/oauth/api_scope'
const MARGIN_MS = 60_000
const TIMEOUT_MS = 10_000

const AppTokenSchema = v.object({ access_token: v.string(), expires_in: v.number() })

/** eBay is not set up for application calls (no App ID and Cert ID), or would not give a token. */
export class AppTokenUnavailable extends Error {}

export interface AppTokens {
  /** A live token, from memory or eBay; AppTokenUnavailable when there is none to be had. */
  get(): Promise<string>
  /** eBay refused the token (401): the next get() asks for a new one. */
  forget(token: string): void
}

/** Whether the settings allow application calls at all. */
export const canCallAsApp = (
  config: EbayConfig | undefined,
): config is EbayConfig & { clientId: string; clientSecret: string } => Boolean(config?.clientId && config.clientSecret)

export function createAppTokens(config: EbayConfig | undefined, fetcher: typeof fetch = fetch): AppTokens {
  const url = `${hostsOf(config).api}/identity/v1/oauth2/token`
  let current: { token: string; expiresAt: number } | undefined
  let pending: Promise<string> | undefined

  async function request(): Promise<string> {
    if (!canCallAsApp(config)) throw new AppTokenUnavailable('EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set')
    let response: Response
    try {
      response = await fetcher(url, {
        method: 'POST',
        headers: { authorization: ebayBasicAuth(config.clientId, config.clientSecret), accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: APP_SCOPE }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new AppTokenUnavailable(
        `the token endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const parsed = v.safeParse(AppTokenSchema, await response.json().catch(() => undefined))
    if (!response.ok || !parsed.success)
      throw new AppTokenUnavailable(`the token endpoint answered HTTP ${response.status}`)
    current = { token: parsed.output.access_token, expiresAt: Date.now() + parsed.output.expires_in * 1000 }
    return current.token
  }

  return {
    get() {
      if (current && current.expiresAt - Date.now() > MARGIN_MS) return Promise.resolve(current.token)
      pending ??= request().finally(() => (pending = undefined))
      return pending
    },
    forget(token) {
      if (current?.token === token) current = undefined
    },
  }
}
