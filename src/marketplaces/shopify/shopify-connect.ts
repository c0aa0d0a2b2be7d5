// Shopify's part of its callback and manual screens: its code exchange sends every parameter Shopify sent back (its
// hmac signs them all, and the server checks it), from the callback's address or the address pasted on the manual
// screen. Loaded with those screens.
import type { ExchangeInput } from '../../../api/contract/marketplaces.ts'
import { api, okJson } from '../../lib/api.ts'
import type { ConnectPart } from '../client-marketplace.ts'

export const shopifyConnect: ConnectPart = {
  exchange: (input: ExchangeInput) =>
    okJson(
      api.shopify['exchange-token'].$post({
        json: { ...Object.fromEntries(new URLSearchParams(window.location.search)), ...input },
      }),
    ),
}
