// eBay's connect flow described once (decision 0013): its screens' words and timings, its exchange and manual entry.
import type { MarketplaceDescription } from '../marketplace-description.ts'
import { EbayExchangeSchema, EbayManualSchema } from './ebay-exchange.ts'
import { EBAY_PATHS } from './ebay-paths.ts'

export const EBAY_DESCRIPTION = {
  ...EBAY_PATHS,
  exchangePath: '/marketplace-connections/ebay/exchange-token',
  exchangeSchema: EbayExchangeSchema,
  leave: {
    connected: { result: 'connected', afterMs: 2000 },
    failed: { result: 'error', afterMs: null },
    cancelled: { result: 'canceled', afterMs: 2000 },
  },
  // Quickly after success, more slowly after a failure so its message can be read.
  popupCloseMs: { connected: 500, failed: 2000 },
  messages: {
    about:
      'Connect your eBay seller account so Snaplist can publish your listings to eBay for you. You sign in on eBay itself; Snaplist never sees your eBay password.',
    connectFailed: 'Unable to connect to eBay. Please ensure you have a valid eBay account and try again.',
    connected: 'Your eBay account has been connected successfully.',
    returnedWithError: 'There was an error connecting your eBay account. Please try again.',
    setup: `eBay is not set up on this server. The site operator needs to set EBAY_CLIENT_ID (the App ID of an eBay app), EBAY_CLIENT_SECRET (its Cert ID), EBAY_RU_NAME (the RuName whose Auth Accepted URL is this site’s ${EBAY_PATHS.successPaths[0]} address) and EBAY_ENV (sandbox or production), then restart Snaplist.`,
    connectedTitle: 'eBay Connected',
    connectedStatus: (accountName) =>
      `Your eBay account has been successfully connected${accountName ? ` as ${accountName}` : ''}.`,
    failedTitle: 'eBay Connection Failed',
    failedToast: 'eBay Connection Failed',
    cancelledToast: 'eBay Connection Cancelled',
  },
  troubleshootingTips: [
    'Start again from Connect on the Dashboard: an authorization code works once, for about 5 minutes.',
    'Sign in to eBay with the seller account you want to list with, and choose Agree on eBay’s page.',
    'Make sure you are signed in to Snaplist in this browser, in the same session that started connecting.',
    'If eBay’s page said something about the app or RuName, the site operator needs to check the eBay settings (use Check Environment below).',
  ],
  manual: {
    intro:
      'If eBay sent you to an address that did not open Snaplist, copy that whole address from the address bar into the field below. It works once, for about 5 minutes, in the browser where you started connecting.',
    fields: [{ name: 'address', label: 'Address from eBay', hint: 'It has code=… and state=… in it.' }],
    schema: EbayManualSchema,
  },
} as const satisfies MarketplaceDescription
