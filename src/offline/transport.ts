// The sync engine's view of the server: who is signed in, six idempotent calls, a draft's analysis and a barcode's
// lookup, each sent for the account whose change it carries (the server refuses it when the session is another
// account's). Through the typed client, which needs no React or DOM, so the service worker can use it too.
import type { AnalysisResult, DraftAnalysis, StoredImage } from '../../api/contract/analysis.ts'
import type { Expense, ExpenseFormValues } from '../../api/contract/expenses.ts'
import type { Listing, ListingEdit, ListingFill, ListingFillReply, ListingInput } from '../../api/contract/listing.ts'
import type { ProductLookup } from '../../api/contract/catalog.ts'
import { SYNC_ACCOUNT_HEADER } from '../../api/contract/sync.ts'
import { apiClient, okJson } from './api-client.ts'
import { noConnection } from './api-error.ts'

export interface SyncTransport {
  /** The account the session belongs to; an ApiError 401 when nobody is signed in. */
  signedInAccount(): Promise<number>
  uploadPhoto(account: number, id: string, photo: Blob, signal?: AbortSignal): Promise<StoredImage>
  analyzePhoto(account: number, id: string, photo: Blob, signal?: AbortSignal): Promise<AnalysisResult>
  /** All of a draft's stored photos analysed together. */
  analyzePhotos(account: number, photoIds: string[], signal?: AbortSignal): Promise<DraftAnalysis>
  createListing(account: number, listing: ListingInput, signal?: AbortSignal): Promise<Listing>
  /** An edit, made against edit.version: an ApiError 409 listing_edit_conflict (with `current`) when it changed since. */
  updateListing(account: number, listingId: number, edit: ListingEdit, signal?: AbortSignal): Promise<Listing>
  /** Late AI suggestions: fills only the fields still empty on the listing. */
  fillEmpty(account: number, listingId: number, fill: ListingFill, signal?: AbortSignal): Promise<ListingFillReply>
  /** The products the catalog has for a barcode, and the market for it. */
  lookUpProduct(account: number, gtin: string, signal?: AbortSignal): Promise<ProductLookup>
  /** An expense; sent again with the same clientId, the server answers the one it saved the first time. */
  createExpense(account: number, expense: ExpenseFormValues, signal?: AbortSignal): Promise<Expense>
}

/** fetch, with a network failure (offline, server down) made the ApiError status 0 the engine waits out. */
const guarded =
  (fetcher: typeof fetch): typeof fetch =>
  async (...args) => {
    try {
      return await fetcher(...args)
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw noConnection()
    }
  }

/** The photo under its UUID, named as the phone took it, in the form the upload routes read. */
const photoForm = (id: string, photo: Blob) => ({ id, image: new File([photo], `${id}.jpg`, { type: photo.type }) })

/** Sent for this account (the server refuses it when the session is another's), cancelled by the signal. */
const sentFor = (account: number, signal?: AbortSignal) => ({
  headers: { [SYNC_ACCOUNT_HEADER]: String(account) },
  init: { signal },
})

export function fetchTransport({
  baseUrl = '',
  fetcher = (...args: Parameters<typeof fetch>) => fetch(...args),
} = {}): SyncTransport {
  const api = apiClient({ baseUrl, fetcher: guarded(fetcher) })
  return {
    signedInAccount: async () => (await okJson(api.user.$get())).id,
    uploadPhoto: (account, id, photo, signal) =>
      okJson(api.images.$post({ form: photoForm(id, photo) }, sentFor(account, signal))),
    analyzePhoto: (account, id, photo, signal) =>
      okJson(api['analyze-image'].$post({ form: photoForm(id, photo) }, sentFor(account, signal))),
    analyzePhotos: (account, photoIds, signal) =>
      okJson(api['analyze-photos'].$post({ json: { photoIds } }, sentFor(account, signal))),
    createListing: (account, json, signal) => okJson(api.listings.$post({ json }, sentFor(account, signal))),
    updateListing: (account, listingId, json, signal) =>
      okJson(api.listings[':id'].$patch({ param: { id: String(listingId) }, json }, sentFor(account, signal))),
    fillEmpty: (account, listingId, json, signal) =>
      okJson(
        api.listings[':id']['fill-empty'].$post({ param: { id: String(listingId) }, json }, sentFor(account, signal)),
      ),
    lookUpProduct: (account, gtin, signal) =>
      okJson(api['product-lookup'].$get({ query: { gtin } }, sentFor(account, signal))),
    createExpense: (account, json, signal) => okJson(api.expenses.$post({ json }, sentFor(account, signal))),
  }
}
