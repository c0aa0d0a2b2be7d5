// Shopify's settings and the store name a seller types: what the server takes, and what it refuses in words an
// operator or a seller can act on.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ShopifyAuthQuerySchema, ShopifyShopSchema } from '../../../api/contract/shopify/shopify-shop.ts'
import { shopifyEnv } from '../../../api/services/shopify/shopify-env.ts'

const ENV = {
  SHOPIFY_CLIENT_ID: 'client',
  SHOPIFY_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'https://snaplist.example.com/',
}

describe("Shopify's settings", () => {
  it('are off without SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET, and the summary says what to set', () => {
    const config = shopifyEnv.read({})
    expect(config.shopify).toBeUndefined()
    expect(shopifyEnv.describe(config)).toMatch(/off \(no SHOPIFY_CLIENT_ID/)
  })

  it('speak Admin API 2026-10 unless told otherwise, returning to PUBLIC_URL’s callback', () => {
    expect(shopifyEnv.read(ENV).shopify).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
      apiVersion: '2026-10',
      redirectUri: 'https://snaplist.example.com/shopify/auth/success',
      apiUrl: undefined,
      picturesOrigin: 'https://cdn.shopify.com',
    })
    const standIn = shopifyEnv.read({
      ...ENV,
      SHOPIFY_API_VERSION: '2027-01',
      SHOPIFY_API_URL: 'http://127.0.0.1:3297/',
      SHOPIFY_PICTURES_URL: 'http://127.0.0.1:3297/',
    })
    expect(standIn.shopify).toMatchObject({
      apiVersion: '2027-01',
      apiUrl: 'http://127.0.0.1:3297',
      picturesOrigin: 'http://127.0.0.1:3297',
    })
    expect(shopifyEnv.describe(standIn)).toMatch(/Shopify: on, Admin API 2027-01/)
  })

  it('refuse half a setup, a version that is not Shopify’s, and a server without PUBLIC_URL', () => {
    expect(() => shopifyEnv.read({ SHOPIFY_CLIENT_ID: 'client' })).toThrow(
      /both SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET/,
    )
    expect(() => shopifyEnv.read({ ...ENV, SHOPIFY_API_VERSION: '2026-11' })).toThrow(/SHOPIFY_API_VERSION/)
    expect(() => shopifyEnv.read({ ...ENV, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/)
  })
})

describe('the store a seller types', () => {
  it('is read as its myshopify domain, from the name alone or the whole domain, in any case', () => {
    expect(v.parse(ShopifyShopSchema, 'ritas-vintage')).toBe('ritas-vintage.myshopify.com')
    expect(v.parse(ShopifyShopSchema, '  Ritas-Vintage.myshopify.com ')).toBe('ritas-vintage.myshopify.com')
    expect(v.parse(ShopifyAuthQuerySchema, { shop: 'shop2' })).toEqual({ shop: 'shop2.myshopify.com' })
  })

  it('is refused when it is anything but a store name: another host, a path, a URL, a leading hyphen', () => {
    for (const typed of [
      'evil.com',
      'ritas.myshopify.com.evil.com',
      'https://ritas.myshopify.com',
      'ritas.myshopify.com/admin',
      '-ritas',
      'rita s',
      '',
      'a'.repeat(64),
    ]) {
      const parsed = v.safeParse(ShopifyShopSchema, typed)
      expect(parsed.success, typed).toBe(false)
      if (!parsed.success) expect(parsed.issues[0].message).toMatch(/your-store\.myshopify\.com/)
    }
  })
})
