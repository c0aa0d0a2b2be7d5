// What the eBay API tests share: settings pointing at the stand-in, an app with eBay connectable, and connecting a
// seller through the stand-in's consent page.
import { ebaySkuPrefix } from '../../api/db/ebay-install-identity.ts'
import type { EbayConfig } from '../../api/services/ebay/ebay-env.ts'
import { newEbaySku } from '../../api/services/ebay/sku.ts'
import { createTokenCipher } from '../../api/services/crypto.ts'
import { createEbayProvider } from '../../api/services/ebay/ebay-connect.ts'
import { afterAll, beforeAll } from 'vitest'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import {
  createTestApp,
  readJson,
  succeeded,
  type client,
  type JsonBody,
  type TestApp,
  type TestAppOptions,
} from './test-app.ts'

export const cipher = createTokenCipher('a test secret that is long enough to use')

type Client = ReturnType<typeof client>

export const ebayConfigFor = (fake: FakeEbay, overrides: Partial<EbayConfig> = {}): EbayConfig => ({
  environment: 'sandbox',
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  ruName: fake.ruName,
  authUrl: fake.authUrl,
  apiUrl: fake.url,
  identityUrl: fake.url,
  mediaUrl: fake.url,
  picturesUrl: fake.url,
  verificationToken: 'a-verification-token-of-32-to-80-chars',
  deletionEndpointUrl: 'https://snaplist.test/api/ebay/account-deletion',
  ...overrides,
})

export const ebayApp = (config: EbayConfig, options: TestAppOptions = {}) =>
  createTestApp({
    ...options,
    ebayConfig: config,
    marketplaces: { cipher, providers: { ...options.marketplaces?.providers, ebay: createEbayProvider(config)! } },
  })

/** Asks for the authorization URL and plays the seller on the stand-in's consent page; returns the callback's query. */
export async function authorizeEbay(fake: FakeEbay, seller: Client, choice: 'agree' | 'decline' = 'agree') {
  const { authUrl } = await readJson(await succeeded(seller.get('/api/marketplace-connections/ebay/auth'), 200))
  const callback = await fake.consent(authUrl, choice)
  return {
    authUrl: authUrl as string,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    callback,
  }
}

export const exchangeEbayCode = (seller: Client, body: unknown) =>
  seller.post('/api/marketplace-connections/ebay/exchange-token', body)

/** Connects the seller; `grant` names them in the stand-in (fake.inventory(grant)). */
export async function connectEbay(fake: FakeEbay, seller: Client): Promise<JsonBody & { grant: string }> {
  const { code, state } = await authorizeEbay(fake, seller)
  return { ...(await readJson(await succeeded(exchangeEbayCode(seller, { code, state }), 200))), grant: state }
}

/**
 * The eBay stand-in and an app connected to it, opened before a file's tests and closed after them, with the SKU
 * publishing gives a listing there.
 */
export function ebayAppPerFile(): { fake: FakeEbay; t: TestApp; skuOf: (listingId: number) => string } {
  const opened = {} as { fake: FakeEbay; t: TestApp; skuOf: (listingId: number) => string }
  beforeAll(async () => {
    opened.fake = await startFakeEbay()
    opened.t = await ebayApp(ebayConfigFor(opened.fake))
    opened.skuOf = await ebaySkus(opened.t)
  })
  afterAll(async () => {
    await opened.t.close()
    await opened.fake.close()
  })
  return opened
}

/** The SKU publishing gives a listing in this app's database (api/services/ebay/sku.ts): its install prefix, read once. */
export async function ebaySkus(t: TestApp): Promise<(listingId: number) => string> {
  const prefix = await ebaySkuPrefix(t.db.sql)
  return (listingId) => newEbaySku(prefix, listingId)
}
