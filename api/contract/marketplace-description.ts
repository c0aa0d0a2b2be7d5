// The shape of one marketplace's connect flow, apart from marketplace-descriptions.ts (which composes every wing's) so
// that a wing's own description (contract/<marketplace>/<marketplace>-description.ts) imports no module that imports it.
import type * as v from 'valibot'
import type { ExchangeInput } from './marketplace-exchange.ts'
import type { MarketplaceResult, Platform } from './marketplace-paths.ts'

/** Where the callback screen takes the seller (/?<marketplace>=success …) and after how long; null: the page stays to be read. */
interface Leave {
  result: MarketplaceResult
  afterMs: number | null
}

/**
 * One marketplace's connect flow, described once for the API and the app (docs/product.md §2, §7, §8, §9, §14): the
 * addresses it sends the seller back to, the exchange route, what the screens say and when they leave, and the manual
 * entry. Each wing declares its own (contract/<marketplace>/<marketplace>-description.ts), composed below.
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
    /** For an administrator: the settings to make (the seller is told to ask one). */
    setup: string
    connectedTitle: string
    connectedStatus: (accountName: string | null) => string
    failedTitle: string
    failedToast: string
    /** The cancel screen's toast title, for a marketplace whose cancel screen has one. */
    cancelledToast?: string
  }
  /**
   * Where each seller's account is its own store: the Connect dialog asks its name, sent to the auth route as `param`
   * (the server refuses anything that is not a store's name).
   */
  store?: { param: string; label: string; placeholder: string }
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
