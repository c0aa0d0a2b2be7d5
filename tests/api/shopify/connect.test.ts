// Connecting a Shopify store through the wing's OAuth against the stand-in: the install page asks for selling's
// scopes, the callback is taken only when Shopify signed it for this app, and the code becomes an offline token once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackHmac } from '../../../api/services/shopify/callback-signature.ts'
import { createShopifyOAuth, SHOPIFY_SCOPES } from '../../../api/services/shopify/shopify-connect.ts'
import { webhookRefusal } from '../../../api/services/shopify/webhook-signature.ts'
import { signedAsShopify } from '../../fakes/shopify-webhooks.ts'
import { installedShopify, SHOPIFY_REDIRECT, type InstalledShopify } from '../../helpers/shopify.ts'

let shopify: InstalledShopify
beforeAll(async () => {
  shopify = await installedShopify()
})
afterAll(() => shopify.fake.close())

/** The seller's way back from the install page, as Shopify sends it. */
async function callback(state = 'a-state') {
  const { fake, oauth } = shopify
  return Object.fromEntries((await fake.consent(oauth.authorizationUrl({ shop: fake.domain, state }))).searchParams)
}

describe('connecting a Shopify store', () => {
  it("sends the seller to the store's install page with selling's scopes, and back with a token that works", async () => {
    const address = new URL(shopify.oauth.authorizationUrl({ shop: shopify.fake.domain, state: 's' }))
    expect(address.pathname).toBe(`/${shopify.fake.domain}/admin/oauth/authorize`)
    expect(address.searchParams.get('scope')!.split(',')).toEqual([...SHOPIFY_SCOPES])
    expect(address.searchParams.get('redirect_uri')).toBe(SHOPIFY_REDIRECT)
    expect(shopify.store.accessToken).toMatch(/^shpua_/)
  })

  it('takes a callback only with Shopify’s hmac over it: a changed shop, code or hmac is refused', () => {
    const { oauth, fake } = shopify
    return callback().then((query) => {
      expect(oauth.verifyCallback(query)).toMatchObject({ shop: fake.domain, state: 'a-state' })
      for (const changed of [
        { ...query, shop: 'other-store.myshopify.com' },
        { ...query, code: 'another-code' },
        { ...query, hmac: '0'.repeat(64) },
        { ...query, hmac: undefined as unknown as string },
      ])
        expect(() => oauth.verifyCallback(changed)).toThrow(
          expect.objectContaining({ code: 'shopify_callback_refused' }),
        )
    })
  })

  it('refuses a callback signed long ago, and one for a host that is not a store, even when signed', () => {
    const secret = shopify.fake.clientSecret
    const signed = (query: Record<string, string>) => ({ ...query, hmac: callbackHmac(query, secret) })
    const old = signed({
      code: 'c',
      shop: shopify.fake.domain,
      state: 's',
      timestamp: String(Math.floor(Date.now() / 1000) - 3600),
    })
    expect(() => shopify.oauth.verifyCallback(old)).toThrow(
      expect.objectContaining({ code: 'shopify_callback_refused' }),
    )
    const evil = signed({ code: 'c', shop: 'evil.com', state: 's', timestamp: String(Math.floor(Date.now() / 1000)) })
    expect(() => shopify.oauth.verifyCallback(evil)).toThrow(
      expect.objectContaining({ code: 'shopify_callback_refused' }),
    )
  })

  it('spends a code once, and says when the app’s own credentials are refused', async () => {
    const { fake, oauth } = shopify
    const { code, shop } = oauth.verifyCallback(await callback())
    await oauth.exchangeCode({ shop, code })
    await expect(oauth.exchangeCode({ shop, code })).rejects.toMatchObject({
      code: 'shopify_grant_refused',
    })
    const wrongSecret = createShopifyOAuth({
      clientId: fake.clientId,
      clientSecret: 'not-it',
      redirectUri: SHOPIFY_REDIRECT,
      apiUrl: fake.url,
    })
    const fresh = oauth.verifyCallback(await callback())
    await expect(wrongSecret.exchangeCode({ shop: fresh.shop, code: fresh.code })).rejects.toMatchObject({
      code: 'shopify_app_refused',
    })
  })

  it('answers unreachable when the store cannot be reached', async () => {
    const closed = createShopifyOAuth({
      clientId: 'c',
      clientSecret: 's',
      redirectUri: SHOPIFY_REDIRECT,
      apiUrl: 'http://127.0.0.1:9',
    })
    await expect(closed.exchangeCode({ shop: shopify.fake.domain, code: 'x' })).rejects.toMatchObject({
      code: 'shopify_unreachable',
    })
  })
})

describe("Shopify's webhooks", () => {
  it('verify when the app’s secret signed the raw body, and not when the body or the secret differ', () => {
    const body = JSON.stringify({ id: 1, financial_status: 'paid' })
    const { headers } = signedAsShopify(body, {
      secret: 'app-secret',
      topic: 'orders/paid',
      shop: 'a.myshopify.com',
      apiVersion: '2026-10',
    })
    const hmac = headers['x-shopify-hmac-sha256']
    expect(webhookRefusal('app-secret', hmac, body)).toBeUndefined()
    expect(webhookRefusal('app-secret', hmac, body.replace('paid', 'refunded'))).toMatch(/does not match/)
    expect(webhookRefusal('another-secret', hmac, body)).toMatch(/does not match/)
    expect(webhookRefusal('app-secret', undefined, body)).toMatch(/missing/)
  })
})
