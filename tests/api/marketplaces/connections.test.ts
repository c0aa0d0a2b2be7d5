// The one description of each marketplace's connect flow (api/contract/marketplace-descriptions.ts, decision 0013): both code
// exchanges answer alike, with the description's sentence, and the server refuses an Etsy redirect address that no
// callback screen answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETPLACES } from '../../../api/contract/marketplace-descriptions.ts'
import { loadConfig } from '../../../api/env.ts'
import { createEbayProvider } from '../../../api/services/ebay/ebay-connect.ts'
import { createEtsyProvider } from '../../../api/services/etsy/etsy-connect.ts'
import { startFakeEbay, type FakeEbay } from '../../fakes/ebay.ts'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import { cipher, ebayConfigFor } from '../../helpers/ebay.ts'
import { createTestApp, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

const ETSY_REDIRECT = 'https://snaplist.test/etsy/auth/success'

describe('both code exchanges', () => {
  let ebay: FakeEbay
  let etsy: FakeEtsy
  let t: TestApp

  beforeAll(async () => {
    ebay = await startFakeEbay()
    etsy = await startFakeEtsy({ redirectUris: [ETSY_REDIRECT] })
    const ebayConfig = ebayConfigFor(ebay)
    const providers = {
      ebay: createEbayProvider(ebayConfig)!,
      etsy: createEtsyProvider({
        clientId: etsy.clientId,
        redirectUri: ETSY_REDIRECT,
        authUrl: etsy.authUrl,
        apiUrl: etsy.url,
      }),
    }
    t = await createTestApp({ ebayConfig, marketplaces: { cipher, providers } })
  })
  afterAll(async () => {
    await t.close()
    await Promise.all([ebay.close(), etsy.close()])
  })

  it('answer the same shape: success, the description’s sentence and the connection', async () => {
    const seller = await registeredClient(t.app, 'both')
    const consentOf = { ebay: ebay.consent, etsy: etsy.consent }
    for (const platform of ['ebay', 'etsy'] as const) {
      const { authUrl } = await readJson(await seller.get(`/api/marketplace-connections/${platform}/auth`))
      const callback = await consentOf[platform](authUrl)
      const reply = await seller.post(
        `/api${MARKETPLACES[platform].exchangePath}`,
        Object.fromEntries(callback.searchParams),
      )
      expect(reply.status).toBe(200)
      const body = await readJson(reply)
      expect(Object.keys(body).sort()).toEqual(['connection', 'message', 'success'])
      expect(body).toMatchObject({
        success: true,
        message: MARKETPLACES[platform].messages.connected,
        connection: { platform, connected: true },
      })
    }
  })
})

describe('ETSY_REDIRECT_URI', () => {
  const etsyEnv = (redirect: string) => ({ ETSY_CLIENT_ID: 'a-keystring', ETSY_REDIRECT_URI: redirect })

  it('is taken at either Etsy callback address', () => {
    for (const path of MARKETPLACES.etsy.successPaths)
      expect(loadConfig(etsyEnv(`https://snaplist.example.com${path}`)).etsy?.redirectUri).toBe(
        `https://snaplist.example.com${path}`,
      )
  })

  it('is refused at start when no callback screen answers there, naming the addresses that do', () => {
    expect(() => loadConfig(etsyEnv('https://snaplist.example.com/etsy/callback'))).toThrow(
      'ending in /etsy/auth/success or /etsy-auth/success',
    )
  })
})

describe('ETSY_WEBHOOK_SECRET', () => {
  const withSecret = (secret: string) => ({
    ETSY_CLIENT_ID: 'a-keystring',
    ETSY_REDIRECT_URI: 'https://snaplist.example.com/etsy/auth/success',
    ETSY_WEBHOOK_SECRET: secret,
  })

  it('is taken as Etsy’s portal shows it, and absent means no webhook', () => {
    const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`
    expect(loadConfig(withSecret(secret)).etsy?.webhookSecret).toBe(secret)
    expect(loadConfig(withSecret('')).etsy?.webhookSecret).toBeUndefined()
  })

  it('is refused at start in another form, which would verify no delivery', () => {
    expect(() => loadConfig(withSecret('not-a-signing-secret'))).toThrow('starting whsec_')
  })
})
