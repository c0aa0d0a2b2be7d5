// Every service of the app, built once from what the app is given (AppDeps), and every job defined on the queue: what
// api/app.ts serves through its routes. Built in the order they need each other.
import type { AppDeps } from './app-deps.ts'
import { createAccountMail } from './accounts/account-mail.ts'
import { createAccountSettingsService } from './accounts/account-settings.ts'
import { createAccountService } from './accounts/register-and-sign-in.ts'
import { createLoginDevices } from './accounts/login-devices.ts'
import { createAdminService } from './admin.ts'
import { createEphemeralCipher } from './crypto.ts'
import { hostsOf } from './ebay/hosts.ts'
import { describeEbayEnvironment } from './ebay/ebay-connect.ts'
import { MARKETPLACE_CONNECTS } from './marketplace-modules.ts'
import { createEbayAccountDeletion } from './ebay/account-deletion.ts'
import { createEbayServices } from './ebay/ebay-services.ts'
import { createNotificationSignatures } from './ebay/notification-signature.ts'
import { createChangeFeed } from './events/change-feed.ts'
import { createLiveStreams } from './events/live-stream.ts'
import { createEtsyServices } from './etsy/etsy-services.ts'
import { createPushQueue } from './push/notifications.ts'
import { createPushServices } from './push/push-services.ts'
import { createBulkActionJob } from './selling/bulk-action-job.ts'
import { createBulkActions } from './selling/bulk-actions.ts'
import { createBulkPoster } from './selling/bulk-post.ts'
import { createLiveDeletion } from './selling/delete-live.ts'
import type { MarketplaceWing, SellingMarketplaces } from './selling/marketplace.ts'
import type { Platform } from '../contract/marketplace-paths.ts'
import { createSaleCancellation } from './selling/sale-cancelled.ts'
import { createSaleEarningsReader } from './selling/sale-earnings.ts'
import { createSaleFollowing, createSaleRecorder } from './selling/sales.ts'
import { createSellerSales } from './selling/seller-sales.ts'
import { createExports } from './exports/exports.ts'
import { createInsights } from './insights/insights.ts'
import { createLabels } from './listings/labels.ts'
import { createExpenses } from './tax-year/expenses.ts'
import { createTrips } from './tax-year/trips.ts'
import { createTaxYears } from './tax-year/tax-year.ts'
import { createInventoryImport } from './exports/inventory-import.ts'
import { createSoldTwiceMail } from './selling/sold-twice-mail.ts'
import { createEmailTemplateService } from './mail/email-templates.ts'
import { createEmailVerificationService } from './accounts/email-verification.ts'
import { createGoogleSignInService } from './accounts/google-sign-in.ts'
import { appJobs } from './job-registry.ts'
import { createJobQueue } from './jobs.ts'
import { createListingService } from './listings/listings.ts'
import { createMailer, createOutboxTransport } from './mail/mail.ts'
import { createMarketplaceConnectionService } from './marketplaces/connections.ts'
import { createMarketplaceOAuth } from './marketplaces/oauth.ts'
import { createPasswordResetService } from './accounts/password-reset.ts'
import { createAnalysisGate, analysisGateFor } from './listings/analysis-gate.ts'
import { createAnalysisService, createRecentCopies } from './listings/analysis.ts'
import { canCallAsApp, createAppTokens } from './ebay/app-token.ts'
import { createEbayLookups } from './ebay/lookups.ts'
import { createPhotoService } from './listings/photos.ts'
import {
  createAnalysisLimiter,
  createFailedLoginLimiter,
  createImportLimiter,
  createPasswordResetLimiter,
  createRegistrationLimiter,
  REGISTRATION_LIMIT,
} from './rate-limit.ts'
import { createAnalysisReuse } from './listings/analysis-reuse.ts'
import { createLookupLimiter } from './lookup-limits.ts'
import { createSessionService } from './accounts/sessions.ts'

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
  salesPollMinutes = {},
  analysisConcurrency,
  analysisLimits,
  importLimits,
  push = {},
  changeFeed = 'poll',
  ebayImport,
  eventStreams,
  lookupLimits: lookupSettings,
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
  const limiter = createAnalysisLimiter(sql, analysisLimits)
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
  const lookupLimits = createLookupLimiter(sql, lookupSettings)
  const connections = createMarketplaceConnectionService({
    sql,
    cipher,
    providers,
    push: createPushQueue(jobs),
    limits: lookupLimits,
    connects: MARKETPLACE_CONNECTS,
  })
  const pushServices = createPushServices(sql, jobs, config.publicUrl, push)
  const recorder = createSaleRecorder({ jobs })
  const ebaySignatures = createNotificationSignatures(sql, ebayConfig, ebayFetch, ebayAppTokens)
  // Each marketplace's wing (docs/decisions/0060): what acts on every marketplace reads this record, not a name.
  const wings = {
    ebay: createEbayServices({
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
      limits: lookupLimits,
      salesPollMinutes: salesPollMinutes.ebay,
      ...(ebayImport ? { importOptions: ebayImport } : {}),
    }),
    // Etsy is sold on when the server can both connect a shop and call Etsy's API (docs/decisions/0031).
    etsy: createEtsyServices({
      sql,
      storage,
      publicUrl: config.publicUrl,
      config: providers.etsy ? etsyConfig : undefined,
      connectionService: connections,
      jobs,
      recorder,
      limits: lookupLimits,
      salesPollMinutes: salesPollMinutes.etsy,
    }),
  } satisfies Record<Platform, MarketplaceWing>
  const { ebay, etsy } = wings
  // Every marketplace Snaplist sells on (docs/decisions/0029): what acts on all of them reads this list.
  const selling: SellingMarketplaces = Object.values(wings).flatMap((wing) => wing.selling ?? [])
  const liveDeletion = createLiveDeletion({ sql, jobs, storage, marketplaces: selling })
  const ebayItemUrl = hostsOf(ebayConfig).item
  const listings = createListingService(sql, storage, ebayItemUrl, { marketplaces: selling, liveDeletion })
  const liveStreams = createLiveStreams({
    sql,
    ebayItemUrl,
    feed: createChangeFeed({ sql, ebayItemUrl, mode: changeFeed }),
    ...(eventStreams ? { limits: eventStreams } : {}),
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
  const bulkPoster = createBulkPoster({ sql, jobs, marketplaces: selling })
  // Every job of the app, defined in one place once the services that run them are built.
  for (const job of appJobs({
    sql,
    storage,
    accountMail: createAccountMail(mailer),
    verification,
    passwordReset,
    marketplaces: Object.values(wings).flatMap((wing) => wing.jobs ?? []),
    bulkPoster,
    followSale: createSaleFollowing({ sql, marketplaces: selling }),
    cancelSale: createSaleCancellation({ sql, jobs, marketplaces: selling }),
    readSaleEarnings: createSaleEarningsReader({ sql, jobs, marketplaces: selling }),
    relistSold: sellerSales.relistEverywhere,
    sendSoldTwice: createSoldTwiceMail({ sql, mailer, appUrl: config.appUrl }),
    liveDeletion,
    runBulkAction: createBulkActionJob({
      sql,
      marketplaces: selling,
      removeListing: listings.remove,
    }),
    push: pushServices.notifications,
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
    lookupLimits,
    admin,
    templates,
    connections,
    marketplaceOAuth,
    bulkActions: createBulkActions({ sql, jobs }),
    bulkPoster,
    sellerSales,
    exports: createExports(sql),
    insights: createInsights(sql),
    labels: createLabels(sql),
    expenses: createExpenses(sql, storage),
    trips: createTrips(sql),
    taxYears: createTaxYears(sql),
    inventoryImport: createInventoryImport(sql, createImportLimiter(sql, importLimits)),
    pushSubscriptions: pushServices.subscriptions,
    pushPublicKey: pushServices.publicKey,
    ebayAccountDeletion: createEbayAccountDeletion(sql, ebayConfig, ebayFetch, ebaySignatures),
    ebayEnvironment: describeEbayEnvironment(ebayConfig),
  }
}

export type AppServices = ReturnType<typeof createAppServices>
