// The one request helper. Every call sends cookies; a body goes as JSON. A non-ok answer becomes an ApiError
// (offline/api-error.ts) carrying the API's message, code and fields.
import { apiErrorFrom } from '../offline/api-error.ts'

export { ApiError, errorMessage, failureMessage, fieldErrors, hasCode } from '../offline/api-error.ts'

async function throwIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) throw await apiErrorFrom(response)
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
