// Builds the Hono app: middleware, the API routes and the one error renderer. Tests call app.request() on it.
import { Hono, type Context } from 'hono'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './app-env.ts'
import type { Sql } from './db/client.ts'
import type { Config } from './env.ts'
import { notFound, renderError } from './errors.ts'
import { clientAddress } from './middleware/client-address.ts'
import { compressText } from './middleware/compress.ts'
import { noStoreForJson } from './middleware/no-store.ts'
import { bodyLimits } from './middleware/body-limits.ts'
import { sameOriginMiddleware } from './middleware/same-origin.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { sessionMiddleware } from './middleware/session.ts'
import { SERVER_RENDERED_PATHS } from './contract/signed-in-page.ts'
import { accountRoutes } from './routes/account.ts'
import { adminRoutes } from './routes/admin.ts'
import { authRoutes } from './routes/auth.ts'
import { ebayAccountDeletionRoutes } from './routes/ebay-account-deletion.ts'
import { ebayLifecycleRoutes } from './routes/ebay-lifecycle.ts'
import { ebayBulkPostRoutes } from './routes/ebay-bulk-posts.ts'
import { bulkActionRoutes } from './routes/bulk-actions.ts'
import { ebayPublishRoutes } from './routes/ebay-publish.ts'
import { productLookupRoutes } from './routes/product-lookup.ts'
import { ebayImportRoutes } from './routes/ebay-import.ts'
import { etsyPublishRoutes } from './routes/etsy-publish.ts'
import { emailTemplateRoutes } from './routes/email-templates.ts'
import { fileRoutes } from './routes/files.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/images.ts'
import { listingRoutes } from './routes/listings.ts'
import { marketplaceRoutes } from './routes/marketplaces.ts'
import { passwordResetRoutes } from './routes/password-reset.ts'
import { pushRoutes } from './routes/push.ts'
import { salesRoutes } from './routes/sales.ts'
import { exportRoutes } from './routes/exports.ts'
import { insightRoutes } from './routes/insights.ts'
import { labelRoutes } from './routes/labels.ts'
import { importRoutes } from './routes/imports.ts'
import { eventRoutes } from './routes/events.ts'
import { createAccountMail } from './services/accounts/account-mail.ts'
import { createAccountSettingsService } from './services/accounts/account-settings.ts'
import { createAccountService } from './services/accounts/register-and-sign-in.ts'
import { createLoginDevices } from './services/accounts/login-devices.ts'
import { createAdminService } from './services/admin.ts'
import type { ImageAnalyzer } from './services/listings/analyzer/image-analyzer.ts'
import { createEphemeralCipher, type TokenCipher } from './services/crypto.ts'
import { hostsOf } from './services/ebay/hosts.ts'
import { describeEbayEnvironment } from './services/marketplaces/ebay.ts'
import { createEbayAccountDeletion } from './services/ebay/account-deletion.ts'
import { createEbayServices } from './services/ebay/ebay-services.ts'
import type { EbayImportOptions } from './services/ebay/import.ts'
import { createChangeFeed } from './services/events/change-feed.ts'
import { createLiveStreams } from './services/events/live-stream.ts'
import { createEtsyServices } from './services/etsy/etsy-services.ts'
import type { EtsyApiConfig } from './services/etsy/open-api.ts'
import { createPushClient } from './services/push/push-client.ts'
import { createPushNotifications, createPushQueue, createPushSubscriptions } from './services/push/notifications.ts'
import { createEphemeralVapidKeys, type VapidKeys } from './services/push/vapid.ts'
import { createBulkActionJob } from './services/selling/bulk-action-job.ts'
import { createBulkActions } from './services/selling/bulk-actions.ts'
import { createLiveDeletion } from './services/selling/delete-live.ts'
import type { SellingMarketplaces } from './services/selling/marketplace.ts'
import { createSaleEarningsReader } from './services/selling/sale-earnings.ts'
import { createSaleFollowing, createSaleRecorder } from './services/selling/sales.ts'
import { createSellerSales } from './services/selling/seller-sales.ts'
import { createExports } from './services/exports/exports.ts'
import { createInsights } from './services/insights/insights.ts'
import { createLabels } from './services/listings/labels.ts'
import { createInventoryImport } from './services/exports/inventory-import.ts'
import { createSoldTwiceMail } from './services/selling/sold-twice-mail.ts'
import { createEmailTemplateService } from './services/mail/email-templates.ts'
import { createEmailVerificationService } from './services/accounts/email-verification.ts'
import type { GoogleIdentity } from './services/accounts/google-identity.ts'
import { createGoogleSignInService } from './services/accounts/google-sign-in.ts'
import { appJobs } from './services/job-registry.ts'
import { createJobQueue, type JobQueue } from './services/jobs.ts'
import { createListingService } from './services/listings/listings.ts'
import { createMailer, createOutboxTransport, type MailTransport } from './services/mail/mail.ts'
import { createMarketplaceConnectionService, type MarketplaceProviders } from './services/marketplaces/connections.ts'
import { createMarketplaceOAuth } from './services/marketplaces/oauth.ts'
import { createPasswordResetService } from './services/accounts/password-reset.ts'
import { createAnalysisGate, analysisGateFor } from './services/listings/analysis-gate.ts'
import { createAnalysisService, createRecentCopies } from './services/listings/analysis.ts'
import { canCallAsApp } from './services/ebay/app-token.ts'
import { createEbayLookups } from './services/ebay/lookups.ts'
import { createPhotoService } from './services/listings/photos.ts'
import {
  ANALYSIS_LIMITS,
  createAnalysisLimiter,
  createFailedLoginLimiter,
  createPasswordResetLimiter,
  createRegistrationLimiter,
  REGISTRATION_LIMIT,
} from './services/rate-limit.ts'
import { createAnalysisReuse } from './services/listings/analysis-reuse.ts'
import { createSessionService } from './services/accounts/sessions.ts'
import { isLocal, type FileStorage } from './services/listings/storage.ts'

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

export function createApp({
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
  inlineStyleHashes,
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
  const lookups = canCallAsApp(ebayConfig)
    ? createEbayLookups({ sql, config: ebayConfig, ...(ebayFetch ? { fetcher: ebayFetch } : {}) })
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
  const ebay = createEbayServices({
    sql,
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
  // Every job of the app, defined in one place once the services that run them are built.
  const accountMail = createAccountMail(mailer)
  for (const job of appJobs({
    sql,
    storage,
    accountMail,
    verification,
    passwordReset,
    ...ebay,
    etsy: etsy.jobs,
    followSale: createSaleFollowing({ sql, marketplaces: selling }),
    readSaleEarnings: createSaleEarningsReader({ sql, jobs, marketplaces: selling }),
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
  const isSecure = (c: Context) =>
    config.https ||
    config.publicUrl?.startsWith('https:') === true ||
    (config.trustProxy && c.req.header('x-forwarded-proto') === 'https')
  const addressOf = (c: Context) => clientAddress(c, config.trustProxy ? (config.trustProxyHops ?? 1) : 0)

  const api = new Hono<AppEnv>()
    // First, so it also marks the refusals of the middleware after it.
    .use(noStoreForJson())
    .use(bodyLimits())
    .use(sameOriginMiddleware(config.publicUrl ? [new URL(config.publicUrl).origin] : []))
    .use(sessionMiddleware(sessions, isSecure))
    .route('/', healthRoutes())
    .route(
      '/',
      authRoutes({
        accounts,
        googleSignIn,
        sessions,
        devices,
        isSecure,
        appUrl: config.appUrl,
        clientAddress: addressOf,
      }),
    )
    .route('/', passwordResetRoutes({ passwordReset, appUrl: config.appUrl, clientAddress: addressOf }))
    .route(
      '/',
      accountRoutes({
        settings: accountSettings,
        verification,
        isSecure,
        appUrl: config.appUrl,
        clientAddress: addressOf,
      }),
    )
    .route('/', imageRoutes(photos, analysis))
    .route('/', listingRoutes(listings))
    .route('/', ebayPublishRoutes(ebay.publisher, ebay.categoryChoice))
    .route('/', ebayBulkPostRoutes(ebay.bulkPoster))
    .route('/', bulkActionRoutes(createBulkActions({ sql, jobs })))
    .route('/', ebayImportRoutes(ebay.importer))
    .route('/', productLookupRoutes(ebay.catalog))
    .route('/', ebayLifecycleRoutes(ebay.selling, ebay.sales))
    .route('/', etsyPublishRoutes(etsy))
    .route('/', eventRoutes(liveStreams, sessions))
    .route('/', salesRoutes(createSellerSales({ sql, recorder })))
    .route('/', exportRoutes(createExports(sql)))
    .route('/', insightRoutes(createInsights(sql)))
    .route('/', labelRoutes(createLabels(sql)))
    .route('/', importRoutes(createInventoryImport(sql)))
    .route('/', pushRoutes(createPushSubscriptions(sql), push.vapid.publicKey))
    .route(
      '/',
      marketplaceRoutes({ connections, oauth: marketplaceOAuth, ebayEnvironment: describeEbayEnvironment(ebayConfig) }),
    )
    .route('/', ebayAccountDeletionRoutes(createEbayAccountDeletion(sql, ebayConfig, ebayFetch), addressOf))
    .route('/', adminRoutes(admin))
    .route('/', emailTemplateRoutes(templates))
    .all('*', (c) => {
      throw notFound(`There is no API route ${c.req.method} ${c.req.path}.`)
    })

  const app = new Hono<AppEnv>()
    .use(requestId())
    // First after the request id, so every answer gets the headers: API, errors, photos, the built app and 404s.
    .use(
      securityHeaders({ photoOrigin: storage.origin, googleSignIn: google !== undefined, inlineStyleHashes }, isSecure),
    )
    // Inside the headers' middleware, so they are set on the compressed answer.
    .use(compressText())
    .route('/api', api)
  // The signed-in pages the server renders (api/static.ts) need to know whose they are.
  for (const pagePath of SERVER_RENDERED_PATHS) app.use(pagePath, sessionMiddleware(sessions, isSecure))
  if (isLocal(storage)) app.route('/', fileRoutes(storage))
  app.onError(renderError)
  return app
}

/**
 * The app and its chained route tree: what api/server.ts serves, and, imported as a type only, what the client's
 * hono/client infers each call's path, input and answer from (docs/decisions/0011-typed-api-client.md).
 */
export type AppType = ReturnType<typeof createApp>
