// The sync engine's view of the server: who is signed in, and four idempotent calls, each sent for the account whose
// change it carries (the server refuses it when the session is another account's). Plain fetch, so the service
// worker can use it too.
import type { AnalysisResult, StoredImage } from '../../api/contract/analysis.ts'
import type { Listing, ListingFill, ListingFillReply, ListingInput } from '../../api/contract/listing.ts'
import { SYNC_ACCOUNT_HEADER } from '../../api/contract/sync.ts'
import type { User } from '../../api/contract/user.ts'
import { apiErrorFrom, noConnection } from './api-error.ts'

export interface SyncTransport {
  /** The account the session belongs to; an ApiError 401 when nobody is signed in. */
  signedInAccount(): Promise<number>
  uploadPhoto(account: number, id: string, photo: Blob, signal?: AbortSignal): Promise<StoredImage>
  analyzePhoto(account: number, id: string, photo: Blob, signal?: AbortSignal): Promise<AnalysisResult>
  createListing(account: number, listing: ListingInput, signal?: AbortSignal): Promise<Listing>
  /** Late AI suggestions: fills only the fields still empty on the listing. */
  fillEmpty(account: number, listingId: number, fill: ListingFill, signal?: AbortSignal): Promise<ListingFillReply>
}

async function call<T>(fetcher: typeof fetch, url: string, init: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetcher(url, { credentials: 'include', ...init })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw noConnection()
  }
  if (response.ok) return response.json() as Promise<T>
  throw await apiErrorFrom(response)
}

const photoForm = (id: string, photo: Blob) => {
  const form = new FormData()
  form.append('id', id)
  form.append('image', photo, `${id}.jpg`)
  return form
}

const sentFor = (account: number, headers: Record<string, string> = {}) => ({ ...headers, [SYNC_ACCOUNT_HEADER]: String(account) })

const postJson = (account: number, body: unknown, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: sentFor(account, { 'Content-Type': 'application/json' }),
  signal,
})

const postPhoto = (account: number, id: string, photo: Blob, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  body: photoForm(id, photo),
  headers: sentFor(account),
  signal,
})

export function fetchTransport({ baseUrl = '', fetcher = (...args: Parameters<typeof fetch>) => fetch(...args) } = {}): SyncTransport {
  return {
    signedInAccount: async () => (await call<User>(fetcher, `${baseUrl}/api/user`, { method: 'GET' })).id,
    uploadPhoto: (account, id, photo, signal) => call(fetcher, `${baseUrl}/api/images`, postPhoto(account, id, photo, signal)),
    analyzePhoto: (account, id, photo, signal) => call(fetcher, `${baseUrl}/api/analyze-image`, postPhoto(account, id, photo, signal)),
    createListing: (account, listing, signal) => call(fetcher, `${baseUrl}/api/listings`, postJson(account, listing, signal)),
    fillEmpty: (account, listingId, fill, signal) => call(fetcher, `${baseUrl}/api/listings/${listingId}/fill-empty`, postJson(account, fill, signal)),
  }
}
