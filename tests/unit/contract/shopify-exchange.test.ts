// What Shopify's manual screen takes: the whole address Shopify sent the seller back to, read for every parameter its
// hmac signs; an address without them is refused in the screen's words.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SHOPIFY_MISSING_ADDRESS, ShopifyManualSchema } from '../../../api/contract/shopify/shopify-exchange.ts'

const QUERY = {
  code: 'a1b2c3',
  hmac: 'f'.repeat(64),
  host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvcml0YXM',
  shop: 'ritas-vintage.myshopify.com',
  state: 'the-state',
  timestamp: '1765000000',
}

describe('the Shopify manual screen', () => {
  it('reads every parameter of the pasted address, those it does not name included', () => {
    const address = `https://snaplist.test/shopify/auth/success?${new URLSearchParams(QUERY)}`
    expect(v.parse(ShopifyManualSchema, { address })).toEqual(QUERY)
  })

  it('refuses an address without the code, the state or Shopify’s hmac', () => {
    for (const left of ['code', 'state', 'hmac'] as const) {
      const { [left]: _gone, ...rest } = QUERY
      const parsed = v.safeParse(ShopifyManualSchema, { address: `?${new URLSearchParams(rest)}` })
      expect(parsed.success, left).toBe(false)
      expect(parsed.issues?.[0]?.message).toBe(SHOPIFY_MISSING_ADDRESS)
    }
  })
})
