// Shopify's part of its callback and manual screens: its code exchange sends every parameter Shopify sent back (its
// hmac signs them all, and the server checks it), from the callback's address or the address pasted on the manual
// screen. Loaded with those screens.
import type * as v from 'valibot'
import type { ExchangeInput } from '../../../api/contract/marketplaces.ts'
import type { ShopifyExchangeSchema } from '../../../api/contract/shopify/shopify-exchange.ts'
import { api, okJson } from '../../lib/api.ts'
import type { ConnectPart } from '../client-marketplace.ts'

type CallbackQuery = v.InferInput<typeof ShopifyExchangeSchema>

export const shopifyConnect: ConnectPart = {
  exchange: (input: ExchangeInput) => {
    // The manual screen's input is the pasted address's whole query; the callback's, its code and state.
    const json = { ...Object.fromEntries(new URLSearchParams(window.location.search)), ...input } as CallbackQuery
    return okJson(api.shopify['exchange-token'].$post({ json }))
  },
}
