// The API's one error type and its one renderer: every failure reaches the client as { message, code, requestId }.
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from './contract/errors.ts'
import type { Listing } from './contract/listing.ts'

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { fields?: Record<string, string>; retryAfterSeconds?: number; current?: Listing },
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'invalid_input', message, { fields })
export const unauthorized = (message = 'You are not signed in. Sign in and try again.') =>
  new AppError(401, 'unauthenticated', message)
export const forbidden = (message: string) => new AppError(403, 'forbidden', message)
export const notFound = (message: string) => new AppError(404, 'not_found', message)
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, { fields })

export interface UniqueViolation {
  code: '23505'
  constraint_name?: string
}
/** Postgres refused a write because a unique index already holds the value. */
export const isUniqueViolation = (error: unknown): error is UniqueViolation =>
  (error as { code?: unknown } | null)?.code === '23505'

// The database cannot be reached or is restarting, so the same request can succeed once it is back: postgres.js' own
// connection codes, the socket's, and Postgres' SQLSTATEs for shutdown and start-up (57P01-57P03), too many
// connections (53300) and the connection exception class (08xxx).
const DATABASE_DOWN_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/

/** How long a client is asked to wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (DATABASE_DOWN_CODES.has(code) || CONNECTION_EXCEPTION.test(code))
}

export function renderError(error: Error, c: Context): Response {
  const requestId: string = c.get('requestId') ?? 'unknown'
  if (error instanceof AppError) {
    if (error.details?.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.details.retryAfterSeconds))
    return c.json(
      {
        message: error.message,
        code: error.code,
        fields: error.details?.fields,
        current: error.details?.current,
        requestId,
      },
      error.status,
    )
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode
    return c.json({ message: describeHttpException(error), code: `http_${status}`, requestId }, status)
  }
  if (isDatabaseDown(error)) {
    console.error(`[${requestId}] database unavailable:`, (error as { code?: string }).code)
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    return c.json(
      {
        message: 'The database is unavailable right now. Please try again in a few seconds.',
        code: 'database_unavailable',
        requestId,
      },
      503,
    )
  }
  console.error(`[${requestId}] unexpected error on ${c.req.method} ${c.req.path}:`, error)
  return c.json(
    {
      message: `Something went wrong on our side. Please try again; if it keeps happening, contact support and quote request id ${requestId}.`,
      code: 'internal',
      requestId,
    },
    500,
  )
}

function describeHttpException(error: HTTPException): string {
  if (error.status === 400 && /json/i.test(error.message)) return 'The request body is not valid JSON.'
  return error.message || 'The request could not be processed.'
}
