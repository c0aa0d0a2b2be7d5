// eBay's wing of the server, built from the app's services every wing is given (WingDeps) and eBay's own settings:
// what app-services.ts places in its record of wings for eBay. eBay is also the app's catalog (the analysis's
// categories and aspects), asked as the app: ebayAppAccess is built first, for the analysis and the wing alike.
import type { EbayEnvironmentReport } from '../../contract/ebay/ebay-environment.ts'
import type { Sql } from '../../db/client.ts'
import type { WingDeps } from '../selling/wing-deps.ts'
import { createEbayAccountDeletion, type EbayAccountDeletion } from './account-deletion.ts'
import { canCallAsApp, createAppTokens, type AppTokens } from './app-token.ts'
import { describeEbayEnvironment } from './ebay-connect.ts'
import type { EbayConfig } from './ebay-env.ts'
import { createEbayServices, type EbayServices } from './ebay-services.ts'
import { hostsOf } from './hosts.ts'
import type { EbayImportOptions } from './import.ts'
import { createEbayLookups, type EbayLookups } from './lookups.ts'
import { createNotificationSignatures, type NotificationSignatures } from './notification-signature.ts'

/** eBay's part of what the app is built from (AppDeps): its settings, how it is reached, the import's pace. */
export interface EbayAppDeps {
  /** The eBay settings the debug endpoint reports on (presence only) and account deletion uses; none when not given. */
  ebayConfig?: EbayConfig | undefined
  /** How the app reaches eBay as itself: account deletion's Notification API, the analysis's Taxonomy and Browse (tests may stub it). */
  ebayFetch?: typeof fetch
  /** How fast an import from eBay calls eBay (docs/decisions/0037); eBay's pace when not given. */
  ebayImport?: EbayImportOptions
}

/** Snaplist calling eBay as the app (not as a seller). */
export interface EbayAppAccess {
  /** One application token for everything that calls eBay as the app (eBay allows 1,000 a day). */
  tokens: AppTokens
  /** The analysis's categories and aspects; absent without eBay's app keys. */
  lookups: EbayLookups | undefined
  /** Checks the signature of eBay's pushes (account deletion, orders), with its cache of eBay's keys. */
  signatures: NotificationSignatures
}

export function ebayAppAccess(sql: Sql, { ebayConfig, ebayFetch }: EbayAppDeps): EbayAppAccess {
  const tokens = createAppTokens(ebayConfig, ebayFetch)
  const lookups = canCallAsApp(ebayConfig)
    ? createEbayLookups({ sql, config: ebayConfig, tokens, ...(ebayFetch ? { fetcher: ebayFetch } : {}) })
    : undefined
  return { tokens, lookups, signatures: createNotificationSignatures(sql, ebayConfig, ebayFetch, tokens) }
}

/** eBay's wing: its services (its selling and jobs among them), account deletion, and the environment report. */
export interface EbayWing extends EbayServices {
  accountDeletion: EbayAccountDeletion
  /** What GET /debug/ebay-environment reports (settings as yes/no only). */
  environment: EbayEnvironmentReport
  /** eBay's item page, before the item's id (the sandbox's when not set up). */
  itemUrl: string
}

export function buildEbayWing(shared: WingDeps, deps: EbayAppDeps, access: EbayAppAccess): EbayWing {
  const { ebayConfig, ebayFetch, ebayImport } = deps
  const services = createEbayServices({
    ...shared,
    ebayConfig,
    signatures: access.signatures,
    appTokens: access.tokens,
    lookups: access.lookups,
    salesPollMinutes: shared.salesPollMinutes.ebay,
    ...(ebayImport ? { importOptions: ebayImport } : {}),
  })
  return {
    ...services,
    accountDeletion: createEbayAccountDeletion(shared.sql, ebayConfig, ebayFetch, access.signatures),
    environment: describeEbayEnvironment(ebayConfig),
    itemUrl: hostsOf(ebayConfig).item,
  }
}
