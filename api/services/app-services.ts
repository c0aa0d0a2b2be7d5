// Every service of the app, built once from what the app is given (AppDeps), and every job defined on the queue: what
// api/app.ts serves through its routes. Built in the order they need each other.
import type { Sql } from '../db/client.ts'
import type { Config } from '../env.ts'
import { createAccountMail } from './accounts/account-mail.ts'
import { createAccountSettingsService } from './accounts/account-settings.ts'
import { createAccountService } from './accounts/register-and-sign-in.ts'
import { createLoginDevices } from './accounts/login-devices.ts'
import { createAdminService } from './admin.ts'
import type { ImageAnalyzer } from './listings/analyzer/image-analyzer.ts'
import { createEphemeralCipher, type TokenCipher } from './crypto.ts'
import { hostsOf } from './ebay/hosts.ts'
import { describeEbayEnvironment } from './marketplaces/ebay.ts'
import { createEbayAccountDeletion } from './ebay/account-deletion.ts'
import { createEbayServices } from './ebay/ebay-services.ts'
import { createNotificationSignatures } from './ebay/notification-signature.ts'
import type { EbayImportOptions } from './ebay/import.ts'
import { createChangeFeed } from './events/change-feed.ts'
import { createLiveStreams } from './events/live-stream.ts'
import { createEtsyServices } from './etsy/etsy-services.ts'
import type { EtsyApiConfig } from './etsy/open-api.ts'
import { createPushClient } from './push/push-client.ts'
import { createPushNotifications, createPushQueue, createPushSubscriptions } from './push/notifications.ts'
import { createEphemeralVapidKeys, type VapidKeys } from './push/vapid.ts'
import { createBulkActionJob } from './selling/bulk-action-job.ts'
import { createBulkActions } from './selling/bulk-actions.ts'
import { createLiveDeletion } from './selling/delete-live.ts'
import type { SellingMarketplaces } from './selling/marketplace.ts'
import { createSaleEarningsReader } from './selling/sale-earnings.ts'
import { createSaleFollowing, createSaleRecorder } from './selling/sales.ts'
import { createSellerSales } from './selling/seller-sales.ts'
import { createExports } from './exports/exports.ts'
import { createInsights } from './insights/insights.ts'
import { createLabels } from './listings/labels.ts'
import { createInventoryImport } from './exports/inventory-import.ts'
import { createSoldTwiceMail } from './selling/sold-twice-mail.ts'
import { createEmailTemplateService } from './mail/email-templates.ts'
import { createEmailVerificationService } from './accounts/email-verification.ts'
import type { GoogleIdentity } from './accounts/google-identity.ts'
import { createGoogleSignInService } from './accounts/google-sign-in.ts'
import { appJobs } from './job-registry.ts'
import { createJobQueue, type JobQueue } from './jobs.ts'
import { createListingService } from './listings/listings.ts'
import { createMailer, createOutboxTransport, type MailTransport } from './mail/mail.ts'
import { createMarketplaceConnectionService, type MarketplaceProviders } from './marketplaces/connections.ts'
import { createMarketplaceOAuth } from './marketplaces/oauth.ts'
import { createPasswordResetService } from './accounts/password-reset.ts'
import { createAnalysisGate, analysisGateFor } from './listings/analysis-gate.ts'
import { createAnalysisService, createRecentCopies } from './listings/analysis.ts'
import { canCallAsApp, createAppTokens } from './ebay/app-token.ts'
import { createEbayLookups } from './ebay/lookups.ts'
import { createPhotoService } from './listings/photos.ts'
import {
  ANALYSIS_LIMITS,
  createAnalysisLimiter,
  createFailedLoginLimiter,
  createPasswordResetLimiter,
  createRegistrationLimiter,
  REGISTRATION_LIMIT,
} from './rate-limit.ts'
import { createAnalysisReuse } from './listings/analysis-reuse.ts'
import { createSessionService } from './accounts/sessions.ts'
import type { FileStorage } from './listings/storage.ts'

export interface AppDeps {
  sql: Sql
  /**
   * appUrl: the address links in emails start with: PUBLIC_URL, else the address the server printed at start. Never
   * taken from a request: a forged Host header would otherwise mail a real reset token to the attacker's host.
   * trustProxyHops defaults to 1 and registrationsPerHour to REGISTRATION_LIMIT's 10, as without the variables.
   */
  config: Pick<Config, 'publicUrl' | 'https' | 'trustProxy'> &
    Partial<Pick<Config, 'trustProxyHops' | 'registrationsPerHour'>> & { appUrl: string }
  storage: FileStorage
  analyzer: ImageAnalyzer
  /** Where mail goes; the database outbox when not given (the embedded default). */
  mail?: MailTransport
  /**
   * The durable job queue that sends mail after the reply; createApp defines the app's jobs on it (job-registry.ts),
   * the caller starts it. Without one, jobs are stored in the database and nobody runs them (benchmarks and tests that
   * do not look at mail).
   */
  jobs?: JobQueue
  /** Verifies Sign in with Google tokens; without it (no GOOGLE_CLIENT_ID) Google sign-in is off. */
  google?: GoogleIdentity
  /**
   * The marketplaces that can be connected and the cipher sealing their tokens. Without it none can, and tokens would
   * be sealed with a key that lives as long as the process (fine for tests and benchmarks, which keep nothing).
   */
  marketplaces?: { cipher: TokenCipher; providers: MarketplaceProviders }
  /** The eBay settings the debug endpoint reports on (presence only) and account deletion uses; none when not given. */
  ebayConfig?: Config['ebay']
  /** The Etsy app's keystring, shared secret and API origin, for selling there; without it (or the Etsy provider) Etsy is not sold on. */
  etsyConfig?: EtsyApiConfig
  /** How the app reaches eBay as itself: account deletion's Notification API, the analysis's Taxonomy and Browse (tests may stub it). */
  ebayFetch?: typeof fetch
  /** How many bytes of photos each seller may keep; the default (1024 MB) when not given. */
  photoQuotaBytes?: number
  /** Photo analyses at once in this process (ANALYSIS_CONCURRENCY); 4 when not given. */
  analysisConcurrency?: number
  /** Analyses one seller may start a minute and a day (ANALYSIS_LIMIT_PER_MINUTE, _PER_DAY); ANALYSIS_LIMITS when not given. */
  analysisLimits?: { perMinute: number; perDay: number }
  /** How often each seller's eBay orders are read, in minutes; 15 when not given. */
  ebaySalesPollMinutes?: number
  /** How often each connected Etsy shop's receipts are read, in minutes; 15 when not given. */
  etsySalesPollMinutes?: number
  /** The built pages' inlined stylesheet, allowed by its hash (builtApp in api/static.ts); none when not given. */
  inlineStyleHashes?: string[]
  /**
   * Web Push (docs/decisions/0035): the VAPID key pair (a pair living as long as the process when not given: tests and
   * benchmarks), the VAPID subject (the https PUBLIC_URL, else a mailto:), and whether plain-http endpoints are sent to
   * (only the tests' stand-in). How the pushes reach the push services may be stubbed (fetcher).
   */
  push?: { vapid: VapidKeys; subject?: string; allowHttp?: boolean; fetcher?: typeof fetch }
  /**
   * How open streams hear of changes (docs/decisions/0034): 'listen' on a Postgres server (every API process hears
   * every change), 'poll' on PGlite, which cannot listen through the app's one connection. 'poll' when not given.
   */
  changeFeed?: 'listen' | 'poll'
  /** How fast an import from eBay calls eBay (docs/decisions/0037); eBay's pace when not given. */
  ebayImport?: EbayImportOptions
}

export function createAppServices({
  sql,
  config,
  storage,
  analyzer,
  mail = createOutboxTransport(sql),
  jobs = createJobQueue(sql, { work: false }),
  google,
  marketplaces,
  ebayConfig,
  etsyConfig,
  ebayFetch,
  photoQuotaBytes,
  ebaySalesPollMinutes,
  etsySalesPollMinutes,
  analysisConcurrency,
  analysisLimits,
  push = { vapid: createEphemeralVapidKeys() },
  changeFeed = 'poll',
  ebayImport,
}: AppDeps) {
  const sessions = createSessionService(sql)
  const loginLimiter = createFailedLoginLimiter(sql)
  const templates = createEmailTemplateService(sql)
  const mailer = createMailer(mail, templates)
  const registrationLimiter = createRegistrationLimiter(sql, {
    ...REGISTRATION_LIMIT,
    max: config.registrationsPerHour ?? REGISTRATION_LIMIT.max,
  })
  const verification = createEmailVerificationService({ sql, mailer, jobs })
  const devices = createLoginDevices(sql)
  const accounts = createAccountService({
    sql,
    limiter: loginLimiter,
    registrationLimiter,
    jobs,
    verification,
    devices,
  })
  const googleSignIn = createGoogleSignInService({ sql, identity: google, limiter: loginLimiter, jobs })
  const recent = createRecentCopies()
  // One application token for everything that calls eBay as the app (eBay allows 1,000 a day).
  const ebayAppTokens = createAppTokens(ebayConfig, ebayFetch)
  const lookups = canCallAsApp(ebayConfig)
    ? createEbayLookups({
        sql,
        config: ebayConfig,
        tokens: ebayAppTokens,
        ...(ebayFetch ? { fetcher: ebayFetch } : {}),
      })
    : undefined
  const gate = createAnalysisGate(analysisGateFor(analysisConcurrency))
  const limits = analysisLimits ?? { perMinute: ANALYSIS_LIMITS.perMinute.max, perDay: ANALYSIS_LIMITS.perDay.max }
  const limiter = createAnalysisLimiter(sql, {
    perMinute: { ...ANALYSIS_LIMITS.perMinute, max: limits.perMinute },
    perDay: { ...ANALYSIS_LIMITS.perDay, max: limits.perDay },
  })
  const analysis = createAnalysisService({
    sql,
    storage,
    analyzer,
    lookups,
    recent,
    gate,
    limiter,
    reuse: createAnalysisReuse(sql),
  })
  const photos = createPhotoService({ sql, storage, analysis, recent, quotaBytes: photoQuotaBytes })
  const { cipher, providers } = marketplaces ?? { cipher: createEphemeralCipher(), providers: {} }
  const connections = createMarketplaceConnectionService({ sql, cipher, providers, push: createPushQueue(jobs) })
  const pushClient = createPushClient({
    ...push,
    subject:
      push.subject ?? (config.publicUrl?.startsWith('https:') ? config.publicUrl : 'mailto:push@snaplist.invalid'),
  })
  const recorder = createSaleRecorder({ jobs })
  const ebaySignatures = createNotificationSignatures(sql, ebayConfig, ebayFetch, ebayAppTokens)
  const ebay = createEbayServices({
    sql,
    signatures: ebaySignatures,
    appTokens: ebayAppTokens,
    storage,
    publicUrl: config.publicUrl,
    ebayConfig,
    jobs,
    connectionService: connections,
    recorder,
    photos,
    lookups,
    ...(ebayImport ? { importOptions: ebayImport } : {}),
  })
  // Etsy is sold on when the server can both connect a shop and call Etsy's API (docs/decisions/0031).
  const etsy = createEtsyServices({
    sql,
    storage,
    publicUrl: config.publicUrl,
    config: providers.etsy ? etsyConfig : undefined,
    connectionService: connections,
    jobs,
    recorder,
  })
  // Every marketplace Snaplist sells on (docs/decisions/0029): what acts on all of them reads this list.
  const selling: SellingMarketplaces = etsy.selling ? [ebay.selling, etsy.selling] : [ebay.selling]
  const liveDeletion = createLiveDeletion({ sql, jobs, storage, marketplaces: selling })
  const ebayItemUrl = hostsOf(ebayConfig).item
  const listings = createListingService(sql, storage, ebayItemUrl, { marketplaces: selling, liveDeletion })
  const liveStreams = createLiveStreams({
    sql,
    ebayItemUrl,
    feed: createChangeFeed({ sql, ebayItemUrl, mode: changeFeed }),
  })
  const admin = createAdminService({ sql, listingService: listings, storage })
  const accountSettings = createAccountSettingsService({ sql, limiter: loginLimiter, verification, storage, jobs })
  const marketplaceOAuth = createMarketplaceOAuth({ sql, cipher, providers, connections })
  const passwordReset = createPasswordResetService({
    sql,
    mailer,
    jobs,
    limiter: createPasswordResetLimiter(sql),
    loginLimiter,
  })
  const sellerSales = createSellerSales({ sql, recorder, jobs, marketplaces: selling })
  // Every job of the app, defined in one place once the services that run them are built.
  for (const job of appJobs({
    sql,
    storage,
    accountMail: createAccountMail(mailer),
    verification,
    passwordReset,
    ...ebay,
    etsy: etsy.jobs,
    followSale: createSaleFollowing({ sql, marketplaces: selling }),
    readSaleEarnings: createSaleEarningsReader({ sql, jobs, marketplaces: selling }),
    relistSold: sellerSales.relistEverywhere,
    sendSoldTwice: createSoldTwiceMail({ sql, mailer, appUrl: config.appUrl }),
    liveDeletion,
    runBulkAction: createBulkActionJob({
      sql,
      marketplaces: selling,
      bulkPrices: ebay.bulkPrices,
      removeListing: listings.remove,
    }),
    push: createPushNotifications({ sql, jobs, client: pushClient }),
    ebaySalesPollMinutes,
    etsySalesPollMinutes,
  }))
    jobs.define(job)
  return {
    sessions,
    accounts,
    googleSignIn,
    devices,
    passwordReset,
    accountSettings,
    verification,
    photos,
    analysis,
    listings,
    ebay,
    etsy,
    liveStreams,
    admin,
    templates,
    connections,
    marketplaceOAuth,
    bulkActions: createBulkActions({ sql, jobs }),
    sellerSales,
    exports: createExports(sql),
    insights: createInsights(sql),
    labels: createLabels(sql),
    inventoryImport: createInventoryImport(sql),
    pushSubscriptions: createPushSubscriptions(sql),
    pushPublicKey: push.vapid.publicKey,
    ebayAccountDeletion: createEbayAccountDeletion(sql, ebayConfig, ebayFetch, ebaySignatures),
    ebayEnvironment: describeEbayEnvironment(ebayConfig),
  }
}
