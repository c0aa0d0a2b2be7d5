// The client's one error type for a call to the API, used by the app's requests and by the sync engine (so also in
// the service worker: no React here). It carries what the API answered ({ message, code, fields }, see
// api/contract/errors.ts); the client branches on `code`, never on the words of `message`.
import type { ApiErrorBody } from '../../api/contract/errors.ts'
import type { Listing } from '../../api/contract/listing.ts'

export type ApiErrorCode = ApiErrorBody['code']

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the network did not answer. */
    readonly status: number,
    message: string,
    readonly code?: ApiErrorCode,
    /** The server's sentence for each field it refused (a 400's fields). */
    readonly fields: Record<string, string> = {},
    /** The API's own sentence for people; undefined when the answer was not the API's JSON (a proxy's page, say). */
    readonly serverMessage?: string,
    /** listing_edit_conflict: the listing as the server has it now. */
    readonly current?: Listing,
    /** How long the server asked to wait before trying again (its Retry-After, in seconds), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The error for a non-ok answer: the API's message, code and fields, or the status line when it sent none. */
export async function apiErrorFrom(
  response: Pick<Response, 'status' | 'statusText' | 'text' | 'headers'>,
): Promise<ApiError> {
  const text = await response.text()
  let body: Partial<ApiErrorBody> = {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') body = parsed as Partial<ApiErrorBody>
  } catch {
    // Not our JSON: the status line is all there is.
  }
  const statusLine = `${response.status}: ${text || response.statusText}`
  return new ApiError(
    response.status,
    body.message ?? statusLine,
    body.code,
    body.fields ?? {},
    body.message,
    body.current,
    Number(response.headers.get('retry-after')) || undefined,
  )
}

/** The network did not answer (offline, server down). */
export const noConnection = () => new ApiError(0, 'No connection to Snaplist.')

/** True when the error is the API's answer with one of these codes. */
export function hasCode(error: unknown, ...codes: readonly ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code)
}

/** The message of any error, preferring the server's own sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/**
 * The sentence for a failed call: the server's own message; otherwise the fallback for an answer that has none, or
 * for no answer at all (offline, server down) when that needs other words.
 */
export function failureMessage(error: unknown, fallback: string, networkFallback = fallback): string {
  if (error instanceof ApiError && error.status !== 0) return error.serverMessage ?? fallback
  return networkFallback
}

/** The server's message for each field it refused, for a form to show under its inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {}
}
