// Each marketplace's connect flow described once (decision 0013): callback addresses, exchange route and input, the
// screens' words and timings, the manual entry. The API's routes and provider modules, the router and the callback and
// manual screens all read it.
import type * as v from 'valibot'
import {
  EbayExchangeSchema,
  EbayManualSchema,
  EtsyExchangeSchema,
  EtsyManualSchema,
  type ExchangeInput,
} from './marketplace-exchange.ts'
import { MARKETPLACE_PATHS, type MarketplaceResult, type Platform } from './marketplace-paths.ts'

/** Where the callback screen takes the seller (/?etsy=success …) and after how long; null: the page stays to be read. */
interface Leave {
  result: MarketplaceResult
  afterMs: number | null
}

/**
 * One marketplace's connect flow, described once for the API and the app (docs/product.md §2, §7, §8, §9, §14): the
 * addresses it sends the seller back to, the exchange route, what the screens say and when they leave, and the manual
 * entry. Adding a marketplace is one more of these plus its provider module (api/services/marketplaces/).
 */
export interface MarketplaceDescription {
  platform: Platform
  name: string
  /** The callback screen's addresses; the first is the one to register with the marketplace. */
  successPaths: readonly [string, ...string[]]
  cancelPaths: readonly string[]
  manualPath: string
  /** The code exchange, under /api. */
  exchangePath: string
  exchangeSchema: v.GenericSchema<unknown, ExchangeInput>
  leave: { connected: Leave; failed: Leave; cancelled: Leave }
  /** When the marketplace's consent ran in a popup: how soon the callback closes it after telling the opener. */
  popupCloseMs?: { connected: number; failed: number }
  messages: {
    /** The Connect dialog's explanation. */
    about: string
    connectFailed: string
    connected: string
    returnedWithError: string
    statusCheckFailed: string
    /** For an administrator: the settings to make (the seller is told to ask one). */
    setup: string
    connectedTitle: string
    connectedStatus: (accountName: string | null) => string
    failedTitle: string
    failedToast: string
    /** The cancel screen's toast title, for a marketplace whose cancel screen has one. */
    cancelledToast?: string
  }
  /** Shown on a failure that stays on screen, with the environment check and a way to the manual screen. */
  troubleshootingTips?: readonly string[]
  manual: {
    /** Above the fields; what stands between backticks is shown as code. */
    intro: string
    fields: readonly { name: string; label: string; hint?: string }[]
    /** The fields' values to the code and state to exchange, in the screen's words. */
    schema: v.GenericSchema<Record<string, string>, ExchangeInput>
  }
}

const ETSY_CONNECTED = 'Your Etsy account has been connected.'

export const MARKETPLACES = {
  ebay: {
    ...MARKETPLACE_PATHS.ebay,
    name: 'eBay',
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
      statusCheckFailed: 'Failed to check eBay connection status',
      setup: `eBay is not set up on this server. The site operator needs to set EBAY_CLIENT_ID (the App ID of an eBay app), EBAY_CLIENT_SECRET (its Cert ID), EBAY_RU_NAME (the RuName whose Auth Accepted URL is this site’s ${MARKETPLACE_PATHS.ebay.successPaths[0]} address) and EBAY_ENV (sandbox or production), then restart Snaplist.`,
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
  },
  etsy: {
    ...MARKETPLACE_PATHS.etsy,
    name: 'Etsy',
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
      statusCheckFailed: 'Failed to check Etsy connection status',
      setup: `Etsy is not set up on this server. The site operator needs to set ETSY_CLIENT_ID (the keystring of an Etsy app) and ETSY_REDIRECT_URI (this site’s ${MARKETPLACE_PATHS.etsy.successPaths[0]} address, registered in that Etsy app), plus ETSY_SHARED_SECRET if Etsy asks for it, then restart Snaplist.`,
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
  },
} as const satisfies Record<Platform, MarketplaceDescription>
