// An app that sells on Etsy through the Etsy stand-in, and a seller's shop connected to it (the consent played on the
// stand-in, the callback's code exchanged by the app).
import { createTokenCipher } from '../../api/services/crypto.ts'
import { createEtsyProvider } from '../../api/services/etsy/etsy-connect.ts'
import type { FakeEtsy } from '../fakes/etsy.ts'
import { createTestApp, readJson, type client, type TestAppOptions } from './test-app.ts'

export const ETSY_REDIRECT_URI = 'https://snaplist.test/etsy/auth/success'

/** What an app needs to sell on Etsy through the stand-in: its provider (connecting) and its API settings (selling). */
export function etsyOptions(fake: FakeEtsy) {
  const config = { clientId: fake.clientId, sharedSecret: fake.sharedSecret, apiUrl: fake.url }
  return {
    provider: createEtsyProvider({ ...config, redirectUri: ETSY_REDIRECT_URI, authUrl: fake.authUrl }),
    etsyConfig: config,
  }
}

/** What an app (or another API process over the same database) is given to sell on Etsy through the stand-in. */
export function etsyAppDeps(fake: FakeEtsy) {
  const { provider, etsyConfig } = etsyOptions(fake)
  return { marketplaces: { cipher: ETSY_TEST_CIPHER, providers: { etsy: provider } }, etsyConfig }
}
const ETSY_TEST_CIPHER = createTokenCipher('a test secret that is long enough to use')

export const etsyApp = (fake: FakeEtsy, options: TestAppOptions = {}) =>
  createTestApp({ ...options, ...etsyAppDeps(fake) })

/** Connects the seller's Etsy shop: Allow access on the stand-in's consent page, then the app's code exchange. */
export async function connectEtsy(fake: FakeEtsy, seller: ReturnType<typeof client>): Promise<void> {
  const { authUrl } = await readJson(await seller.get('/api/marketplace-connections/etsy/auth'))
  const callback = await fake.consent(authUrl as string)
  const reply = await seller.post('/api/etsy/exchange-token', {
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  })
  if (reply.status !== 200) throw new Error(`connecting Etsy failed: ${reply.status} ${await reply.text()}`)
}
