// Builds the Hono app: middleware, the API routes over the app's services (services/app-services.ts) and the one error
// renderer. Tests call app.request() on it.
import { Hono, type Context } from 'hono'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './app-env.ts'
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
import { bulkPostRoutes } from './routes/bulk-posts.ts'
import { bulkActionRoutes } from './routes/bulk-actions.ts'
import { priceRuleRoutes } from './routes/price-rules.ts'
import { emailTemplateRoutes } from './routes/email-templates.ts'
import { fileRoutes } from './routes/files.ts'
import { healthRoutes } from './routes/health.ts'
import { imageRoutes } from './routes/images.ts'
import { listingRoutes } from './routes/listings.ts'
import { marketplaceRoutes } from './routes/marketplaces.ts'
import { marketplaceImportRoutes } from './routes/marketplace-imports.ts'
import { marketplaceWingRoutes } from './routes/marketplace-wings.ts'
import { passwordResetRoutes } from './routes/password-reset.ts'
import { pushRoutes } from './routes/push.ts'
import { salesRoutes } from './routes/sales.ts'
import { exportRoutes } from './routes/exports.ts'
import { insightRoutes } from './routes/insights.ts'
import { labelRoutes } from './routes/labels.ts'
import { expenseRoutes } from './routes/expenses.ts'
import { tripRoutes } from './routes/trips.ts'
import { taxYearRoutes } from './routes/tax-years.ts'
import { importRoutes } from './routes/imports.ts'
import { eventRoutes } from './routes/events.ts'
import type { AppDeps } from './services/app-deps.ts'
import { createAppServices } from './services/app-services.ts'
import { isLocal } from './services/listings/storage.ts'

export function createApp(deps: AppDeps) {
  const { config, storage } = deps
  const s = createAppServices(deps)
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
    .use(sessionMiddleware(s.sessions, isSecure))
    .route('/', healthRoutes())
    .route(
      '/',
      authRoutes({
        accounts: s.accounts,
        googleSignIn: s.googleSignIn,
        sessions: s.sessions,
        devices: s.devices,
        isSecure,
        appUrl: config.appUrl,
        clientAddress: addressOf,
      }),
    )
    .route(
      '/',
      passwordResetRoutes({ passwordReset: s.passwordReset, appUrl: config.appUrl, clientAddress: addressOf }),
    )
    .route(
      '/',
      accountRoutes({
        settings: s.accountSettings,
        verification: s.verification,
        isSecure,
        appUrl: config.appUrl,
        clientAddress: addressOf,
      }),
    )
    .route('/', imageRoutes(s.photos, s.analysis))
    .route('/', listingRoutes(s.listings))
    .route('/', bulkPostRoutes(s.bulkPoster))
    .route('/', bulkActionRoutes(s.bulkActions))
    .route('/', priceRuleRoutes(s.priceRules, s.markdowns, s.offers))
    .route('/', marketplaceWingRoutes(s, addressOf))
    .route('/', marketplaceImportRoutes(s.wings))
    .route('/', eventRoutes(s.liveStreams, s.sessions))
    .route('/', salesRoutes(s.sellerSales))
    .route('/', exportRoutes(s.exports))
    .route('/', insightRoutes(s.insights))
    .route('/', labelRoutes(s.labels))
    .route('/', expenseRoutes(s.expenses))
    .route('/', tripRoutes(s.trips))
    .route('/', taxYearRoutes(s.taxYears))
    .route('/', importRoutes(s.inventoryImport))
    .route('/', pushRoutes(s.pushSubscriptions, s.pushPublicKey))
    .route(
      '/',
      marketplaceRoutes({
        connections: s.connections,
        oauth: s.marketplaceOAuth,
        limits: s.lookupLimits,
      }),
    )
    .route('/', adminRoutes(s.admin))
    .route('/', emailTemplateRoutes(s.templates))
    .all('*', (c) => {
      throw notFound(`There is no API route ${c.req.method} ${c.req.path}.`)
    })

  const app = new Hono<AppEnv>()
    .use(requestId())
    // First after the request id, so every answer gets the headers: API, errors, photos, the built app and 404s.
    .use(
      securityHeaders(
        {
          photoOrigin: storage.origin,
          googleSignIn: deps.google !== undefined,
          inlineStyleHashes: deps.inlineStyleHashes,
        },
        isSecure,
      ),
    )
    // Inside the headers' middleware, so they are set on the compressed answer.
    .use(compressText())
    .route('/api', api)
  // The signed-in pages the server renders (api/static.ts) need to know whose they are.
  for (const pagePath of SERVER_RENDERED_PATHS) app.use(pagePath, sessionMiddleware(s.sessions, isSecure))
  if (isLocal(storage)) app.route('/', fileRoutes(storage))
  app.onError(renderError)
  return app
}

/**
 * The app and its chained route tree: what api/server.ts serves, and, imported as a type only, what the client's
 * hono/client infers each call's path, input and answer from (docs/decisions/0011-typed-api-client.md).
 */
export type AppType = ReturnType<typeof createApp>
