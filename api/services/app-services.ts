// Every service of the app, built once from what the app is given (AppDeps), and every job defined on the queue: what
// api/app.ts serves through its routes. Built in the order they need each other.
import type { AppDeps } from './app-deps.ts'
import { createAccountMail } from './accounts/account-mail.ts'
import { createAccountSettingsService, type AccountSettingsService } from './accounts/account-settings.ts'
import { createAccountService, type AccountService } from './accounts/register-and-sign-in.ts'
import { createLoginDevices, type LoginDevices } from './accounts/login-devices.ts'
import { createAdminService, type AdminService } from './admin.ts'
import { createEphemeralCipher } from './crypto.ts'
import { MARKETPLACE_CONNECTS } from './marketplace-modules.ts'
import { createChangeFeed } from './events/change-feed.ts'
import { createLiveStreams, type LiveStreams } from './events/live-stream.ts'
import { createPushQueue } from './push/notifications.ts'
import { createPushServices, type PushServices } from './push/push-services.ts'
import { createBulkActionJob } from './selling/bulk-action-job.ts'
import { createBulkActions, type BulkActions } from './selling/bulk-actions.ts'
import { createBulkPoster, type BulkPoster } from './selling/bulk-post.ts'
import { floorsOf } from './pricing/floors.ts'
import { createMarkdowns, type Markdowns } from './pricing/markdowns.ts'
import { createOffers, type Offers } from './pricing/offers.ts'
import { createPriceRules, type PriceRulesService } from './pricing/price-rules.ts'
import { createLiveDeletion } from './selling/delete-live.ts'
import type { SellingMarketplaces } from './selling/marketplace.ts'
import type { WingDeps } from './selling/wing-deps.ts'
import { buildWings, catalogAccess, catalogAnalysis, specItemUrl, type MarketplaceWings } from './marketplace-wings.ts'
import { createSaleCancellation } from './selling/sale-cancelled.ts'
import { createSaleEarningsReader } from './selling/sale-earnings.ts'
import { createSaleFollowing, createSaleRecorder } from './selling/sales.ts'
import { createSellerSales, type SellerSales } from './selling/seller-sales.ts'
import { createExports, type Exports } from './exports/exports.ts'
import { createInsights, type InsightsService } from './insights/insights.ts'
import { createLabels, type LabelsFor } from './listings/labels.ts'
import { createExpenses, type ExpensesService } from './tax-year/expenses.ts'
import { createTrips, type TripsService } from './tax-year/trips.ts'
import { createTaxYears, type TaxYears } from './tax-year/tax-year.ts'
import { createInventoryImport, type InventoryImport } from './exports/inventory-import.ts'
import { createSoldTwiceMail } from './selling/sold-twice-mail.ts'
import { createEmailTemplateService, type EmailTemplateService } from './mail/email-templates.ts'
import { createEmailVerificationService, type EmailVerificationService } from './accounts/email-verification.ts'
import { createGoogleSignInService, type GoogleSignInService } from './accounts/google-sign-in.ts'
import { appJobs } from './job-registry.ts'
import { createJobQueue } from './jobs.ts'
import { createListingService, type ListingService } from './listings/listings.ts'
import { createMailer, createOutboxTransport } from './mail/mail.ts'
import { createMarketplaceConnectionService, type MarketplaceConnectionService } from './marketplaces/connections.ts'
import { createMarketplaceOAuth, type MarketplaceOAuth } from './marketplaces/oauth.ts'
import { createPasswordResetService, type PasswordResetService } from './accounts/password-reset.ts'
import { createAnalysisGate, analysisGateFor } from './listings/analysis-gate.ts'
import { createAnalysisService, createRecentCopies, type AnalysisService } from './listings/analysis.ts'
import { createPhotoService, type PhotoService } from './listings/photos.ts'
import {
  createAnalysisLimiter,
  createFailedLoginLimiter,
  createImportLimiter,
  createPasswordResetLimiter,
  createRegistrationLimiter,
  REGISTRATION_LIMIT,
} from './rate-limit.ts'
import { createAnalysisReuse } from './listings/analysis-reuse.ts'
import { createLookupLimiter, type LookupLimiter } from './lookup-limits.ts'
import { createSessionService, type SessionService } from './accounts/sessions.ts'

/** Every service the routes are given (api/app.ts): each field's type is the interface its module declares. */
export interface AppServices {
  sessions: SessionService
  accounts: AccountService
  googleSignIn: GoogleSignInService
  devices: LoginDevices
  passwordReset: PasswordResetService
  accountSettings: AccountSettingsService
  verification: EmailVerificationService
  photos: PhotoService
  analysis: AnalysisService
  listings: ListingService
  /** Each marketplace's wing, for its routes (routes/marketplace-wings.ts). */
  wings: MarketplaceWings
  liveStreams: LiveStreams
  lookupLimits: LookupLimiter
  admin: AdminService
  templates: EmailTemplateService
  connections: MarketplaceConnectionService
  marketplaceOAuth: MarketplaceOAuth
  bulkActions: BulkActions
  bulkPoster: BulkPoster
  priceRules: PriceRulesService
  markdowns: Markdowns
  offers: Offers
  sellerSales: SellerSales
  exports: Exports
  insights: InsightsService
  labels: LabelsFor
  expenses: ExpensesService
  trips: TripsService
  taxYears: TaxYears
  inventoryImport: InventoryImport
  pushSubscriptions: PushServices['subscriptions']
  pushPublicKey: string
}

export function createAppServices(deps: AppDeps): AppServices {
  const {
    sql,
    config,
    storage,
    analyzer,
    mail = createOutboxTransport(sql),
    jobs = createJobQueue(sql, { work: false }),
    google,
    marketplaces,
    photoQuotaBytes,
    salesPollMinutes = {},
    analysisConcurrency,
    analysisLimits,
    importLimits,
    push = {},
    changeFeed = 'poll',
    eventStreams,
    lookupLimits: lookupSettings,
  } = deps
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
  // The catalog the analysis asks as the app (its categories and aspects), shared with the wing it belongs to.
  const catalog = catalogAccess(sql, deps)
  const gate = createAnalysisGate(analysisGateFor(analysisConcurrency))
  const limiter = createAnalysisLimiter(sql, analysisLimits)
  const analysis = createAnalysisService({
    sql,
    storage,
    analyzer,
    catalog: catalogAnalysis(catalog, analyzer),
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
  const shared: WingDeps = {
    sql,
    storage,
    publicUrl: config.publicUrl,
    jobs,
    providers,
    connectionService: connections,
    recorder,
    photos,
    limits: lookupLimits,
    salesPollMinutes,
  }
  // Each marketplace's wing (docs/decisions/0066, 0069), built from its own settings: what acts on every marketplace
  // reads this record, not a name.
  const wings = buildWings(shared, deps, catalog)
  // Every marketplace Snaplist sells on (docs/decisions/0029): what acts on all of them reads this list.
  const selling: SellingMarketplaces = Object.values(wings).flatMap((wing) => wing.selling ?? [])
  const liveDeletion = createLiveDeletion({ sql, jobs, storage, marketplaces: selling })
  const itemUrl = specItemUrl(wings)
  const listings = createListingService(sql, storage, itemUrl, {
    marketplaces: selling,
    liveDeletion,
    floorOf: async (userId, id) => (await floorsOf(sql, userId, [id])).get(id),
  })
  const liveStreams = createLiveStreams({
    sql,
    itemUrl,
    feed: createChangeFeed({ sql, itemUrl, mode: changeFeed }),
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
  const markdowns = createMarkdowns({ sql, jobs, marketplaces: selling })
  const offers = createOffers({ sql, jobs, marketplaces: selling })
  // Every job of the app, defined in one place once the services that run them are built.
  for (const job of appJobs({
    sql,
    storage,
    accountMail: createAccountMail(mailer),
    verification,
    passwordReset,
    marketplaces: Object.values(wings).flatMap((wing) => wing.jobs ?? []),
    bulkPoster,
    markdowns,
    offers,
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
    wings,
    liveStreams,
    lookupLimits,
    admin,
    templates,
    connections,
    marketplaceOAuth,
    bulkActions: createBulkActions({ sql, jobs }),
    bulkPoster,
    priceRules: createPriceRules(sql, markdowns),
    markdowns,
    offers,
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
  }
}
