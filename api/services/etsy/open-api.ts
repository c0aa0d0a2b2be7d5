// Calls to Etsy's Open API v3 on a seller's behalf (selling; connecting is services/etsy/etsy-connect.ts): the app's
// x-api-key and the seller's Bearer token on every call, each body in the encoding Etsy takes for that call (a form for
// createDraftListing and updateListing, multipart for images, JSON for the inventory), and Etsy's {error} answers
// turned into our errors: 429 busy with Etsy's retry-after, 5xx or no answer unavailable, 401 a token to refresh once,
// any other 4xx a refusal carrying Etsy's own words.
import * as v from 'valibot'
import { AppError } from '../../errors.ts'
import { TokenRejected } from '../marketplaces/connections.ts'
import { providerCaller } from '../marketplaces/provider-call.ts'
import {
  ETSY_API_URL,
  etsyApiKey,
  etsyAppRefused,
  etsyBusy,
  etsyReconnectNeeded,
  etsyUnavailable,
  etsyUnreachable,
  retryAfterOf,
} from './errors.ts'

const TIMEOUT_MS = 20_000
const ErrorSchema = v.object({ error: v.optional(v.string()), error_description: v.optional(v.string()) })

export interface EtsyApiConfig {
  clientId: string
  sharedSecret?: string | undefined
  /** Etsy's API origin unless a test points it at a stand-in. */
  apiUrl?: string | undefined
  /** ETSY_WEBHOOK_SECRET, the signing secret of the app's webhook endpoint in Etsy's portal; unset, no webhook is taken. */
  webhookSecret?: string | undefined
}

export interface EtsyRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT'
  /** From the origin, e.g. /v3/application/listings/123. */
  path: string
  form?: URLSearchParams
  multipart?: FormData
  json?: unknown
}

/** Etsy refused the request (a 4xx other than 401, 403 and 429), in Etsy's words. */
export class EtsyRefusal extends AppError {
  constructor(
    readonly etsyStatus: number,
    readonly etsyText: string,
  ) {
    super(400, 'etsy_refused', `Etsy refused the listing${etsyText ? `: ${etsyText}` : '.'}`)
  }
}

/**
 * Etsy's reply read as its contract describes it (tests/contracts/etsy/); one that is not is treated as Etsy failing
 * (502) and what was wrong is logged.
 */
export function readReply<Schema extends v.GenericSchema>(schema: Schema, body: unknown): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, body)
  if (parsed.success) return parsed.output
  console.error(`[etsy] a reply is not as Etsy documents it: ${v.summarize(parsed.issues).slice(0, 300)}`)
  throw etsyUnavailable()
}

async function refusal(response: Response, what: string): Promise<AppError> {
  const parsed = v.safeParse(ErrorSchema, await response.json().catch(() => undefined))
  const text = parsed.success ? (parsed.output.error_description ?? parsed.output.error ?? '') : ''
  console.error(`[etsy] ${what} answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`)
  if (response.status === 429) return etsyBusy(retryAfterOf(response))
  if (response.status >= 500) return etsyUnavailable()
  if (response.status === 401)
    return new TokenRejected('etsy', 'Etsy no longer accepts this connection. Connect Etsy again from the Dashboard.')
  // 403 is the app's key refused, or the seller's token without the scope the call needs.
  if (response.status === 403) return /scope/i.test(text) ? etsyReconnectNeeded() : etsyAppRefused()
  return new EtsyRefusal(response.status, text)
}

export interface EtsyApi {
  /** One call with the seller's token; a 401 surfaces as TokenRejected, so the connection's refresh-once applies. */
  send(accessToken: string, request: EtsyRequest): Promise<unknown>
}

export function createEtsyApi(config: EtsyApiConfig, fetcher: typeof fetch = fetch): EtsyApi {
  const origin = (config.apiUrl ?? ETSY_API_URL).replace(/\/+$/, '')
  const apiKey = etsyApiKey(config)
  // The time limit, the network failure and the refusal as every provider call has them; the reply is read by the
  // caller, with the schema of the call it made (readReply).
  const call = providerCaller<'api'>({
    name: 'etsy',
    fetcher,
    timeoutMs: TIMEOUT_MS,
    unreachable: etsyUnreachable,
    unavailable: etsyUnavailable,
    translateRefusal: (response, _kind, what) => refusal(response, what),
  })

  return {
    send(accessToken: string, request: EtsyRequest): Promise<unknown> {
      const what = `${request.method} ${request.path.replace(/\d+/g, '…')}`
      const body =
        request.form ?? request.multipart ?? (request.json === undefined ? undefined : JSON.stringify(request.json))
      const init: RequestInit = {
        method: request.method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-api-key': apiKey,
          accept: 'application/json',
          // A form and multipart write their own Content-Type (multipart's with its boundary).
          ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
      }
      return call('api', what, `${origin}${request.path}`, init, v.unknown())
    },
  }
}
