// The sync engine's view of the server: four idempotent calls. Plain fetch, so the service worker can use it too.
import type { AnalysisResult, StoredImage } from '../../api/contract/analysis.ts'
import type { Listing, ListingFill, ListingFillReply, ListingInput } from '../../api/contract/listing.ts'

/** A refusal or failure with the server's own message; status 0 means the network did not answer. */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'SyncHttpError'
  }
}

export interface SyncTransport {
  uploadPhoto(id: string, photo: Blob, signal?: AbortSignal): Promise<StoredImage>
  analyzePhoto(id: string, photo: Blob, signal?: AbortSignal): Promise<AnalysisResult>
  createListing(listing: ListingInput, signal?: AbortSignal): Promise<Listing>
  /** Late AI suggestions: fills only the fields still empty on the listing. */
  fillEmpty(listingId: number, fill: ListingFill, signal?: AbortSignal): Promise<ListingFillReply>
}

async function call<T>(fetcher: typeof fetch, url: string, init: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetcher(url, { credentials: 'include', ...init })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new SyncHttpError(0, 'No connection to Snaplist.')
  }
  if (response.ok) return response.json() as Promise<T>
  const text = await response.text()
  let body: { message?: string; code?: string } = {}
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    // Not our JSON (a proxy's error page, say): the status line is all there is.
  }
  throw new SyncHttpError(response.status, body.message ?? `${response.status}: ${text || response.statusText}`, body.code)
}

const photoForm = (id: string, photo: Blob) => {
  const form = new FormData()
  form.append('id', id)
  form.append('image', photo, `${id}.jpg`)
  return form
}

const postJson = (body: unknown, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
  signal,
})

export function fetchTransport({ baseUrl = '', fetcher = (...args: Parameters<typeof fetch>) => fetch(...args) } = {}): SyncTransport {
  return {
    uploadPhoto: (id, photo, signal) => call(fetcher, `${baseUrl}/api/images`, { method: 'POST', body: photoForm(id, photo), signal }),
    analyzePhoto: (id, photo, signal) => call(fetcher, `${baseUrl}/api/analyze-image`, { method: 'POST', body: photoForm(id, photo), signal }),
    createListing: (listing, signal) => call(fetcher, `${baseUrl}/api/listings`, postJson(listing, signal)),
    fillEmpty: (listingId, fill, signal) => call(fetcher, `${baseUrl}/api/listings/${listingId}/fill-empty`, postJson(fill, signal)),
  }
}
