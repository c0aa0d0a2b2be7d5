// Etsy's connect flow described once (decision 0013): its screens' words and timings, its exchange and manual entry.
import type { MarketplaceDescription } from '../marketplace-description.ts'
import { EtsyExchangeSchema, EtsyManualSchema } from './etsy-exchange.ts'
import { ETSY_PATHS } from './etsy-paths.ts'

const ETSY_CONNECTED = 'Your Etsy account has been connected.'

export const ETSY_DESCRIPTION = {
  ...ETSY_PATHS,
  exchangePath: '/etsy/exchange-token',
  exchangeSchema: EtsyExchangeSchema,
  leave: {
    connected: { result: 'success', afterMs: 1500 },
    failed: { result: 'error', afterMs: 3000 },
    cancelled: { result: 'error', afterMs: 1500 },
  },
  messages: {
    about:
      'Connect your Etsy shop so Snaplist can publish your listings to Etsy for you. You sign in on Etsy itself; Snaplist never sees your Etsy password.',
    connectFailed: 'Unable to connect to Etsy. Please try again later.',
    connected: ETSY_CONNECTED,
    returnedWithError: 'There was an error connecting your Etsy account. Please try again.',
    setup: `Etsy is not set up on this server. The site operator needs to set ETSY_CLIENT_ID (the keystring of an Etsy app) and ETSY_REDIRECT_URI (this site’s ${ETSY_PATHS.successPaths[0]} address, registered in that Etsy app), plus ETSY_SHARED_SECRET if Etsy asks for it, then restart Snaplist.`,
    connectedTitle: 'Success',
    connectedStatus: (accountName) => `${ETSY_CONNECTED}${accountName ? ` Shop: ${accountName}.` : ''}`,
    failedTitle: 'Connection Failed',
    failedToast: 'Failed to connect Etsy',
  },
  manual: {
    intro:
      'If Etsy sent you to an address that did not open Snaplist, copy the values after `code=` and `state=` from that address into the fields below. They work once, for 10 minutes after you started connecting.',
    fields: [
      { name: 'code', label: 'Authorization Code' },
      { name: 'state', label: 'State Parameter' },
    ],
    schema: EtsyManualSchema,
  },
} as const satisfies MarketplaceDescription
