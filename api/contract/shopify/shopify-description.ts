// Shopify's connect flow described once (decision 0013): its screens' words and timings, its exchange and manual entry.
import type { MarketplaceDescription } from '../marketplace-description.ts'
import { ShopifyExchangeSchema, ShopifyManualSchema } from './shopify-exchange.ts'
import { SHOPIFY_PATHS } from './shopify-paths.ts'

const SHOPIFY_CONNECTED = 'Your Shopify store has been connected.'

export const SHOPIFY_DESCRIPTION = {
  ...SHOPIFY_PATHS,
  exchangePath: '/shopify/exchange-token',
  exchangeSchema: ShopifyExchangeSchema,
  store: { param: 'shop', label: 'Your Shopify store', placeholder: 'your-store.myshopify.com' },
  leave: {
    connected: { result: 'success', afterMs: 1500 },
    failed: { result: 'error', afterMs: 3000 },
    cancelled: { result: 'error', afterMs: 1500 },
  },
  messages: {
    about:
      'Connect your Shopify store so Snaplist can put your listings in it for you. Type your store’s name, then approve Snaplist in your Shopify admin; Snaplist never sees your Shopify password.',
    connectFailed: 'Unable to connect to Shopify. Please try again later.',
    connected: SHOPIFY_CONNECTED,
    returnedWithError: 'There was an error connecting your Shopify store. Please try again.',
    setup: `Shopify is not set up on this server. The site operator needs to set SHOPIFY_CLIENT_ID and SHOPIFY_CLIENT_SECRET (the client credentials of a Shopify app) and PUBLIC_URL, list this site’s ${SHOPIFY_PATHS.successPaths[0]} address among the app’s allowed redirection URLs, then restart Snaplist.`,
    connectedTitle: 'Success',
    connectedStatus: (accountName) => `${SHOPIFY_CONNECTED}${accountName ? ` Store: ${accountName}.` : ''}`,
    failedTitle: 'Connection Failed',
    failedToast: 'Failed to connect Shopify',
  },
  manual: {
    intro:
      'If Shopify sent you to an address that did not open Snaplist, copy that whole address from the address bar into the field below. It works once, for 5 minutes after you approved Snaplist.',
    fields: [{ name: 'address', label: 'Address from Shopify', hint: 'It has code=…, hmac=… and state=… in it.' }],
    schema: ShopifyManualSchema,
  },
} as const satisfies MarketplaceDescription
