// Calls to eBay's Sell APIs on a seller's behalf (the first piece of publishing): the seller's access token through
// MarketplaceConnectionService.call (refreshed when due, and once more on a 401), the headers eBay insists on
// (Accept-Language and Content-Language en-US: Node's fetch sends Accept-Language: *, which eBay rejects), and eBay's
// {errors: [...]} answers turned into our errors with eBay's own words kept for the seller.
import * as v from 'valibot'
import { AppError } from '../../errors.ts'
import { ebayBusy, ebayUnavailable, ebayUnreachable } from './errors.ts'
import { TokenRejected } from '../marketplaces/connections.ts'

const TIMEOUT_MS = 20_000

/** One of eBay's errors, as its {errors: [...]} answers and each answer of a bulk call carry them. */
export const EbayErrorSchema = v.object({
  errorId: v.optional(v.number()),
  message: v.optional(v.string()),
  longMessage: v.optional(v.string()),
})
const EbayErrorsSchema = v.object({ errors: v.array(EbayErrorSchema) })

/** eBay's error ids, and its own sentences joined: what the seller needs to fix usually lies in them. */
export function ebayWordsOf(errors: v.InferOutput<typeof EbayErrorSchema>[]): { ids: number[]; text: string } {
  return {
    ids: errors.flatMap((error) => (error.errorId === undefined ? [] : [error.errorId])),
    text: errors
      .map((error) => error.longMessage ?? error.message ?? '')
      .filter(Boolean)
      .join(' '),
  }
}

/** The Sell Inventory API, through which a listing is published, revised, ended and relisted. */
export const INVENTORY = '/sell/inventory/v1'
/** publishOffer's reply (publishing, and relisting an ended listing): the eBay listing the offer is live as. */
export const PublishedOfferSchema = v.object({ listingId: v.pipe(v.string(), v.nonEmpty()) })
/** getOffer's reply, as far as its status is read (PUBLISHED while buyers can buy). */
export const OfferStatusSchema = v.object({ status: v.optional(v.string()) })

export interface SellRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** From the API host (or the Media API's), e.g. /sell/inventory/v1/location/snaplist-main. */
  path: string
  /** The Media API lives on its own host (apim), the Finances API on apiz. */
  host?: 'api' | 'media' | 'apiz'
  body?: unknown
  /** A multipart body (the Media API's picture upload); fetch writes its Content-Type with the boundary. */
  form?: FormData
  /** The token as Post-Order takes it (`Authorization: IAF`), not as a Bearer. */
  iaf?: boolean
  /** eBay statuses that are not a failure for this call (409 'Location Already Exists' when creating a location). */
  accept?: number[]
}

export interface SellReply {
  status: number
  body: unknown
  /** The Location header (the Media API names the new picture there). */
  location: string | null
}

/**
 * eBay's reply read as eBay documents it (tests/contracts/ebay/); one that is not is refused as eBay failing (502), and
 * what was wrong with it is logged.
 */
export function readReply<Schema extends v.GenericSchema>(schema: Schema, reply: SellReply): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, reply.body)
  if (!parsed.success) {
    console.error(`[ebay] a reply is not as eBay documents it: ${v.summarize(parsed.issues).slice(0, 300)}`)
    throw ebayUnavailable()
  }
  return parsed.output
}

/** eBay refused the request (4xx): its error ids and own words, for callers that turn some into their own messages. */
export class EbayRefusal extends AppError {
  constructor(
    /** eBay's own status (a 4xx other than 401 and 429). */
    readonly ebayStatus: number,
    readonly errorIds: number[],
    readonly ebayText: string,
  ) {
    super(400, 'ebay_refused', `eBay refused the request${ebayText ? `: ${ebayText}` : '.'}`)
  }
}

/** The words of eBay's refusal in the answer's body (none when it is not eBay's {errors: [...]}). */
async function ebaysWords(response: Response): Promise<{ ids: number[]; text: string }> {
  const parsed = v.safeParse(EbayErrorsSchema, await response.json().catch(() => undefined))
  return parsed.success ? ebayWordsOf(parsed.output.errors) : { ids: [], text: '' }
}

async function refusal(response: Response, what: string): Promise<AppError> {
  const { ids, text } = await ebaysWords(response)
  console.error(`[ebay] ${what} answered HTTP ${response.status}${ids.length ? ` (errors ${ids.join(', ')})` : ''}`)
  if (response.status === 401)
    return new TokenRejected('ebay', 'eBay authentication failed: eBay did not accept the access token.')
  if (response.status === 429) return ebayBusy()
  if (response.status >= 500) return ebayUnavailable()
  return new EbayRefusal(response.status, ids, text)
}

const jsonBody = (body: unknown) =>
  body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }

export interface EbaySellClient {
  /** One call with the seller's access token; a 401 surfaces as TokenRejected, so the caller's refresh-once applies. */
  send(accessToken: string, request: SellRequest): Promise<SellReply>
}

export function createEbaySellClient(
  hosts: { api: string; media: string; apiz: string },
  fetcher: typeof fetch = fetch,
): EbaySellClient {
  return {
    async send(accessToken: string, request: SellRequest): Promise<SellReply> {
      const what = `${request.method} ${request.path.replace(/\/[^/]*$/, '/…')}`
      const payload = request.form ? { headers: {}, body: request.form } : jsonBody(request.body)
      let response: Response
      try {
        response = await fetcher(`${hosts[request.host ?? 'api']}${request.path}`, {
          method: request.method,
          headers: {
            authorization: `${request.iaf ? 'IAF' : 'Bearer'} ${accessToken}`,
            accept: 'application/json',
            'accept-language': 'en-US',
            'content-language': 'en-US',
            'x-ebay-c-marketplace-id': 'EBAY_US',
            ...payload.headers,
          },
          ...(payload.body === undefined ? {} : { body: payload.body }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        console.error(`[ebay] ${what} failed: ${error instanceof Error ? error.message : String(error)}`)
        throw ebayUnreachable()
      }
      if (!response.ok && !request.accept?.includes(response.status)) throw await refusal(response, what)
      // 204 and the accepted refusals may carry no body, or one that is not JSON: either way there is nothing to read.
      const body: unknown = await response.json().catch(() => undefined)
      return { status: response.status, body, location: response.headers.get('location') }
    },
  }
}
