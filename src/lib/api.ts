// The one request helper. Every call sends cookies; a body goes as JSON. A non-ok answer becomes an ApiError whose
// message is "<status>: <body text or status text>" (docs/product.md §7); serverMessage is the API's own sentence for people.
import type { ApiErrorBody } from '../../api/contract/errors.ts'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`)
    this.name = 'ApiError'
  }

  get details(): Partial<ApiErrorBody> {
    try {
      const parsed: unknown = JSON.parse(this.body)
      return parsed && typeof parsed === 'object' ? (parsed as Partial<ApiErrorBody>) : {}
    } catch {
      return {}
    }
  }

  /** What to show a person: the server's message, or the raw status line when there is none. */
  get serverMessage(): string {
    return this.details.message ?? this.message
  }
}

/** The message of any error, preferring the server's own sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage
  if (error instanceof Error) return error.message
  return String(error)
}

async function throwIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText)
  return response
}

export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  return throwIfNotOk(response)
}

export async function apiJson<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return (await apiRequest(method, url, body, signal)).json() as Promise<T>
}

/** A GET for queries. With on401 'null', an unauthenticated answer is "no data" rather than an error. */
export async function getJson<T>(url: string, options: { on401?: 'throw' | 'null'; signal?: AbortSignal } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', signal: options.signal })
  if (response.status === 401 && options.on401 === 'null') return null
  return (await throwIfNotOk(response)).json() as Promise<T>
}

/**
 * The sentence for a failed call (docs/product.md §8): the server's own message; otherwise the fallback for an answer that has
 * none, or for no answer at all (offline, server down) when that needs other words.
 */
/** The server's message for each field it refused (a 400's fields), for a form to show under its inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.details.fields ?? {}) : {}
}

export function failureMessage(error: unknown, fallback: string, networkFallback = fallback): string {
  if (error instanceof ApiError) return error.details.message ?? fallback
  return networkFallback
}
