// Shopify's settings, read once from the environment into the Config (api/env.ts composes every wing's): the Shopify
// app, the Admin API version it speaks, and its stand-in's address. Shopify sends the seller back to this site's
// callback (contract/shopify/shopify-paths.ts) under PUBLIC_URL, which the app must list among its redirection URLs.
import { SHOPIFY_PATHS } from '../../contract/shopify/shopify-paths.ts'

/** The Admin API version Snaplist is written against: the schema in tests/contracts/shopify/. */
export const SHOPIFY_DEFAULT_API_VERSION = '2026-10'
const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/

export interface ShopifySettings {
  clientId: string
  clientSecret: string
  apiVersion: string
  redirectUri: string
  /** Where every store is reached instead of https://{shop}, for the stand-in (tests/fakes/shopify.ts). */
  apiUrl: string | undefined
  /** Where Shopify serves product images (SHOPIFY_PICTURES_URL, for the stand-in): an import copies from there only. */
  picturesOrigin: string
}

/** Shopify's part of the Config. */
export interface ShopifyEnv {
  /** The Shopify app; unset, connecting Shopify is off and the dialog says what to set. */
  shopify: ShopifySettings | undefined
}

function readShopify(env: NodeJS.ProcessEnv): ShopifySettings | undefined {
  const { SHOPIFY_CLIENT_ID: clientId, SHOPIFY_CLIENT_SECRET: clientSecret } = env
  if (!clientId && !clientSecret) return undefined
  if (!clientId || !clientSecret)
    throw new Error(
      'Connecting Shopify needs both SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET (or neither, to leave Shopify off).',
    )
  const apiVersion = env.SHOPIFY_API_VERSION || SHOPIFY_DEFAULT_API_VERSION
  if (!API_VERSION.test(apiVersion))
    throw new Error(`SHOPIFY_API_VERSION must be a Shopify API version such as ${SHOPIFY_DEFAULT_API_VERSION}.`)
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '')
  if (!publicUrl || !URL.canParse(publicUrl))
    throw new Error(
      `Connecting Shopify needs PUBLIC_URL: Shopify sends the seller back to PUBLIC_URL${SHOPIFY_PATHS.successPaths[0]}, which the Shopify app must list among its allowed redirection URLs.`,
    )
  const apiUrl = env.SHOPIFY_API_URL?.replace(/\/+$/, '') || undefined
  if (apiUrl && !URL.canParse(apiUrl))
    throw new Error('SHOPIFY_API_URL must be a full address, e.g. http://127.0.0.1:3297.')
  const pictures = env.SHOPIFY_PICTURES_URL || 'https://cdn.shopify.com'
  if (!URL.canParse(pictures))
    throw new Error('SHOPIFY_PICTURES_URL must be a full address, e.g. http://127.0.0.1:3297.')
  return {
    clientId,
    clientSecret,
    apiVersion,
    redirectUri: `${publicUrl}${SHOPIFY_PATHS.successPaths[0]}`,
    apiUrl,
    picturesOrigin: new URL(pictures).origin,
  }
}

/** Shopify's settings: read from the environment, and the start's summary line (whether sellers can connect, or what is missing). */
export const shopifyEnv = {
  read: (env: NodeJS.ProcessEnv): ShopifyEnv => ({ shopify: readShopify(env) }),
  describe: ({ shopify }: ShopifyEnv) =>
    `  Shopify: ${shopify ? `on, Admin API ${shopify.apiVersion}, returning to ${shopify.redirectUri}` : 'off (no SHOPIFY_CLIENT_ID / SHOPIFY_CLIENT_SECRET)'}`,
}
