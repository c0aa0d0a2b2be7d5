// Builds the Hono app: middleware, the API routes and the one error renderer. Tests call app.request() on it.
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './app-env.ts'
import type { Sql } from './db/client.ts'
import type { Config } from './env.ts'
import { AppError, notFound, renderError } from './errors.ts'
import { sameOriginMiddleware } from './middleware/same-origin.ts'
import { sessionMiddleware } from './middleware/session.ts'
import { authRoutes } from './routes/auth.ts'
import { healthRoutes } from './routes/health.ts'
import { createAccountService } from './services/accounts.ts'
import { createFailedLoginLimiter } from './services/rate-limit.ts'
import { createSessionService } from './services/sessions.ts'

const JSON_BODY_LIMIT_BYTES = 64 * 1024

export interface AppDeps {
  sql: Sql
  config: Pick<Config, 'publicUrl' | 'https' | 'trustProxy'>
}

export function createApp({ sql, config }: AppDeps) {
  const sessions = createSessionService(sql)
  const accounts = createAccountService(sql, createFailedLoginLimiter(sql))
  const isSecure = (c: Context) =>
    config.https ||
    config.publicUrl?.startsWith('https:') === true ||
    (config.trustProxy && c.req.header('x-forwarded-proto') === 'https')

  const api = new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: JSON_BODY_LIMIT_BYTES,
        onError: () => {
          throw new AppError(413, 'payload_too_large', `The request body is too large. The limit is ${JSON_BODY_LIMIT_BYTES / 1024} KB.`)
        },
      }),
    )
    .use(sameOriginMiddleware(config.publicUrl ? [new URL(config.publicUrl).origin] : []))
    .use(sessionMiddleware(sessions, isSecure))
    .route('/', healthRoutes())
    .route('/', authRoutes({ accounts, sessions, isSecure, trustProxy: config.trustProxy }))
    .all('*', (c) => {
      throw notFound(`There is no API route ${c.req.method} ${c.req.path}.`)
    })

  const app = new Hono<AppEnv>().use(requestId()).route('/api', api)
  app.onError(renderError)
  return app
}

export type App = ReturnType<typeof createApp>
