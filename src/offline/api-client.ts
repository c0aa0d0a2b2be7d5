// The typed API client (docs/decisions/0011-typed-api-client.md): hono/client over the type of the app's route tree,
// so each call's path, parameters, body and answer are inferred from api/routes and their validators rather than
// written here as URL strings and casts. Shared by the app and the sync engine (so also the service worker): no React.
import { hc, type ClientResponse } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { AppType } from '../../api/app.ts'
import { apiErrorFrom } from './api-error.ts'

export interface ApiClientOptions {
  /** Where the API is; the page's own origin unless given (the sync tests name a server). */
  baseUrl?: string
  /** How requests go out; fetch unless given. */
  fetcher?: typeof fetch
}

/** The routes under /api, e.g. `api.listings.$get()`. Every call sends the session cookie. */
export const apiClient = ({ baseUrl = '/', fetcher }: ApiClientOptions = {}) =>
  hc<AppType>(baseUrl, { fetch: fetcher, init: { credentials: 'include' } }).api

/** The body of a success, as the route answers it. */
type OkBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'> ? (Status extends SuccessStatusCode ? Body : never) : never

/** The answer when it is a success; any other becomes the ApiError it carries (code, message, fields, status). */
export async function okResponse<R extends ClientResponse<unknown>>(pending: R | Promise<R>): Promise<R> {
  const response = await pending
  if (!response.ok) throw await apiErrorFrom(response)
  return response
}

/** The body of a successful answer, typed by the route; any other answer becomes an ApiError. */
export async function okJson<R extends ClientResponse<unknown>>(pending: R | Promise<R>): Promise<OkBody<R>> {
  return (await okResponse(pending)).json() as Promise<OkBody<R>>
}

/** For a query whose "nobody is signed in" is data: a 401 answers null rather than failing. */
export async function okJsonOrSignedOut<R extends ClientResponse<unknown>>(
  pending: Promise<R>,
): Promise<OkBody<R> | null> {
  const response = await pending
  // The route's type knows only its successes; a 401 comes from the session check in front of it.
  if ((response.status as number) === 401) return null
  return okJson(response)
}

/** Per-call options: the signal that cancels the request. */
export const cancelledBy = (signal: AbortSignal | undefined) => ({ init: { signal } })
