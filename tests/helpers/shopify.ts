// A store on the Shopify stand-in with Snaplist installed through the wing's own OAuth (services/shopify/
// shopify-connect.ts), and the wing's Admin API client pointed at it: what the Shopify wing's tests start from.
import type { Listing } from '../../api/contract/listing.ts'
import { createShopifyAdmin, type ShopifyAdmin, type ShopifyStore } from '../../api/services/shopify/admin-api.ts'
import {
  createShopifyOAuth,
  createShopifyProvider,
  type ShopifyOAuth,
} from '../../api/services/shopify/shopify-connect.ts'
import { startFakeShopify, type FakeShopify, type FakeShopifyOptions } from '../fakes/shopify.ts'
import { signedAsShopify } from '../fakes/shopify-webhooks.ts'
import { readJson, type client, type TestApp } from './test-app.ts'

type Client = ReturnType<typeof client>

export const SHOPIFY_REDIRECT = 'https://snaplist.test/shopify/auth/success'

export interface InstalledShopify {
  fake: FakeShopify
  oauth: ShopifyOAuth
  admin: ShopifyAdmin
  store: ShopifyStore
}

/** Installs Snaplist on the stand-in's store as a seller would, and keeps the offline token. */
export async function installedShopify(options: Pick<FakeShopifyOptions, 'bucket'> = {}): Promise<InstalledShopify> {
  const fake = await startFakeShopify({ redirectUris: [SHOPIFY_REDIRECT], ...options })
  const settings = { clientId: fake.clientId, clientSecret: fake.clientSecret, apiUrl: fake.url }
  const oauth = createShopifyOAuth({ ...settings, redirectUri: SHOPIFY_REDIRECT })
  const back = await fake.consent(oauth.authorizationUrl({ shop: fake.domain, state: 'a-state' }))
  const callback = oauth.verifyCallback(Object.fromEntries(back.searchParams))
  const grant = await oauth.exchangeCode({ shop: callback.shop, code: callback.code })
  const admin = createShopifyAdmin({ apiVersion: fake.apiVersion, apiUrl: fake.url })
  return { fake, oauth, admin, store: { shop: fake.domain, accessToken: grant.accessToken } }
}

/** The listing the Shopify tests post: a jacket with the fields Shopify's product is made from. */
export const shopifyListing = (fields: Partial<Listing> = {}): Listing =>
  ({
    id: 12,
    title: "Levi's trucker denim jacket",
    description: 'Light wash.\nFits like a <M> & true to size.',
    brand: "Levi's",
    category: 'clothing',
    keywords: ['denim', 'Vintage, 90s', 'denim', 'trucker'],
    price: 45,
    askingPrice: 39.5,
    medianUsedPrice: null,
    quantity: 2,
    sku: 'JKT-12',
    packageWeightOz: 24,
    measurementUnit: 'in',
    ...fields,
  }) as unknown as Listing

/** The app's Shopify settings and provider, pointed at the stand-in. */
export function shopifyAppOptions(fake: FakeShopify) {
  const shopifyConfig = {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiVersion: fake.apiVersion,
    redirectUri: SHOPIFY_REDIRECT,
    apiUrl: fake.url,
    picturesOrigin: fake.url,
  }
  return { shopifyConfig, providers: { shopify: createShopifyProvider(shopifyConfig) } }
}

/** Connects the seller's store as they would: the store's name typed, Install on the stand-in, the app's exchange. */
export async function connectShopify(fake: FakeShopify, seller: Client, typed = fake.domain.split('.')[0]!) {
  const { authUrl } = await readJson(await seller.get(`/api/marketplace-connections/shopify/auth?shop=${typed}`))
  const back = await fake.consent(authUrl as string)
  const reply = await seller.post('/api/shopify/exchange-token', Object.fromEntries(back.searchParams))
  if (reply.status !== 200) throw new Error(`connecting Shopify failed: ${reply.status} ${await reply.text()}`)
}

/** Delivers a webhook to the app as Shopify signs it (the stand-in's signature), under the id given. */
export const deliverShopifyWebhook = (t: TestApp, fake: FakeShopify, topic: string, payload: unknown, id?: string) =>
  t.app.request(
    '/api/shopify/webhooks',
    signedAsShopify(JSON.stringify(payload), {
      secret: fake.clientSecret,
      topic,
      shop: fake.domain,
      apiVersion: fake.apiVersion,
      ...(id ? { id } : {}),
    }),
  )

/** Shopify's settings for an app whose sellers connect no store: nothing reaches its address. */
export const UNREACHED_SHOPIFY = {
  clientId: 'unreached-shopify-client',
  clientSecret: 'an unreached Shopify app’s secret',
  apiVersion: '2026-10',
  redirectUri: SHOPIFY_REDIRECT,
  apiUrl: 'http://127.0.0.1:9',
  picturesOrigin: 'http://127.0.0.1:9',
}
