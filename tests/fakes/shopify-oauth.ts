// The Shopify stand-in's OAuth (shopify.dev, "authorization code grant"): the store's install page at
// /{shop}/admin/oauth/authorize, which sends the browser back with code, hmac, host, shop, state and timestamp, the hmac
// a hex HMAC-SHA256 of the other parameters sorted and joined as a query, keyed with the app's client secret; and the
// token exchange at /{shop}/admin/oauth/access_token, which checks the client id and secret and spends each code once.
// The offline access token it gives does not expire; the API takes it as X-Shopify-Access-Token.
import { Hono, type Context } from 'hono'
import { createHmac, randomBytes } from 'node:crypto'
import { backTo, consentRoutes, oauthError } from './oauth-stand-in.ts'

// The access scopes the stand-in knows (shopify.dev, "access scopes"): Snaplist's and their neighbours.
const KNOWN_SCOPES = new Set(
  ['products', 'inventory', 'locations', 'orders', 'publications', 'fulfillments', 'shipping', 'customers'].flatMap(
    (scope) => [`read_${scope}`, `write_${scope}`],
  ),
)
const CODE_LIFETIME_MS = 60 * 1000

/** Whether the granted scopes cover `needed`: a write scope implies its read scope, as Shopify's do. */
export const covers = (granted: readonly string[], needed: string) =>
  granted.includes(needed) || granted.includes(needed.replace(/^read_/, 'write_'))

/** The hmac Shopify puts on the redirect: the other parameters sorted by name, as a query, HMAC-SHA256 in hex. */
export function callbackHmac(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((name) => name !== 'hmac' && name !== 'signature')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
  return createHmac('sha256', secret).update(message).digest('hex')
}

export interface ShopifyOAuthSettings {
  domain: string
  clientId: string
  clientSecret: string
  /** The app's allowed redirection URLs; any when not given. */
  redirectUris: string[] | undefined
  now: () => number
}

interface PendingInstall {
  redirectUri: string
  state: string
  scopes: string[]
}

export function createShopifyOAuth(settings: ShopifyOAuthSettings) {
  const { domain, clientId, clientSecret, now } = settings
  const codes = new Map<string, { scopes: string[]; issuedAt: number }>()
  /** Live access tokens and their granted scopes. */
  const tokens = new Map<string, string[]>()

  function problem(query: Record<string, string>): string | undefined {
    if (query.client_id !== clientId) return 'client_id is not a known app'
    if (!query.redirect_uri || (settings.redirectUris && !settings.redirectUris.includes(query.redirect_uri)))
      return 'The redirect_uri is not whitelisted'
    const scopes = (query.scope ?? '').split(',')
    if (scopes.some((scope) => !KNOWN_SCOPES.has(scope))) return `scope contains an unknown scope: ${query.scope}`
    if (!query.state) return 'state is required'
    return undefined
  }

  async function exchange(c: Context) {
    const type = c.req.header('content-type') ?? ''
    const body = type.startsWith('application/json')
      ? ((await c.req.json().catch(() => ({}))) as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(await c.req.text()))
    if (body.client_id !== clientId || body.client_secret !== clientSecret)
      return oauthError(c, 400, 'invalid_client', 'Client credentials are invalid')
    const issued = codes.get(body.code ?? '')
    codes.delete(body.code ?? '')
    if (!issued || now() - issued.issuedAt > CODE_LIFETIME_MS)
      return oauthError(c, 400, 'invalid_request', 'The authorization code was not found or was already used')
    const token = `shpua_${randomBytes(16).toString('hex')}`
    tokens.set(token, issued.scopes)
    return c.json({ access_token: token, scope: issued.scopes.join(',') })
  }

  const routes = new Hono()
    .route(
      '/',
      consentRoutes<PendingInstall>({
        page: {
          provider: 'Shopify',
          question: `Install Snaplist on ${domain}?`,
          decidePath: `/${domain}/admin/oauth/decide`,
          choices: [
            { choice: 'install', label: 'Install' },
            { choice: 'cancel', label: 'Cancel' },
          ],
        },
        authorizePath: `/${domain}/admin/oauth/authorize`,
        problem,
        pending: (query) => ({
          redirectUri: query.redirect_uri!,
          state: query.state!,
          scopes: query.scope!.split(','),
        }),
        granted: (install) => {
          const code = randomBytes(16).toString('hex')
          codes.set(code, { scopes: install.scopes, issuedAt: now() })
          const params = {
            code,
            host: Buffer.from(`admin.shopify.com/store/${domain.split('.')[0]}`).toString('base64url'),
            shop: domain,
            state: install.state,
            timestamp: String(Math.floor(now() / 1000)),
          }
          return backTo(install.redirectUri, { ...params, hmac: callbackHmac(params, clientSecret) })
        },
        // Cancelling leaves the seller in their store's admin; Shopify does not send them back.
        denied: () => `https://${domain}/admin/apps`,
      }),
    )
    .post(`/${domain}/admin/oauth/access_token`, exchange)

  return {
    routes,
    /** The scopes of the token presented as X-Shopify-Access-Token; undefined when it is not a live token. */
    scopesOf: (token: string | undefined) => (token ? tokens.get(token) : undefined),
    /** Forgets every token, as uninstalling the app does. */
    revokeAll: () => tokens.clear(),
  }
}
