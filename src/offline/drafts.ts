// Everything that changes a draft: the editor, the share target and the sync engine all go through here, each
// change one IndexedDB transaction, so a crash or a closed tab never leaves half of one behind. A store acts for one
// account: it makes that account's drafts and treats another account's (a shared phone) as if they were not there.
// The store's parts each do one job: its records (draft-records.ts), a draft's values (draft-field-writes.ts), its
// photos (draft-photo-writes.ts), its barcode (draft-barcode-writes.ts), a draft from a listing (draft-from-listing.ts),
// sending it (draft-sending.ts), and the account as a whole (draft-account.ts).
import type { DraftAnalysis, StoredImage } from '../../api/contract/analysis.ts'
import type { ProductLookup } from '../../api/contract/catalog.ts'
import type { Listing } from '../../api/contract/listing.ts'
import type { FillableField } from '../../api/contract/listing-suggestion.ts'
import type { Draft, DraftFields, SnaplistDb } from './db.ts'
import { draftAccount, type UnsyncedCounts } from './draft-account.ts'
import { draftBarcodeWrites } from './draft-barcode-writes.ts'
import { draftFieldWrites } from './draft-field-writes.ts'
import { draftFromListing } from './draft-from-listing.ts'
import { draftPhotoWrites, type NewPhoto } from './draft-photo-writes.ts'
import { draftRecords, type HaulPlacement } from './draft-records.ts'
import { draftSending } from './draft-sending.ts'

/** One account's drafts on this phone; each write is one IndexedDB transaction. */
export interface DraftStore {
  /** The draft if it is this account's; another account's, or none, reads as undefined. */
  get(id: string): Promise<Draft | undefined>
  /** The draft, made empty (and placed in its haul) when it does not exist yet; refused if another account's. */
  ensure(id: string, haul?: HaulPlacement): Promise<Draft>

  /** The seller typed: the values are theirs from now on, lose their AI mark, and a refused draft is editable again. */
  editFields(id: string, changes: Partial<DraftFields>): Promise<void>
  /** The seller chose the catalog's category: kept whatever the title becomes; another category's specifics go. */
  chooseCatalogCategory(id: string, category: { id: string; name: string }): Promise<void>
  /** The seller typed an item specific: it is theirs from now on, and loses its guess mark. */
  editAspect(id: string, name: string, value: string): Promise<void>
  /** The seller kept a guessed value (a field or an `aspect:` specific): theirs from now on, as if typed. */
  confirmGuess(id: string, key: string): Promise<void>
  /** AI suggestions fill only the fields and specifics neither the seller nor the catalog has filled. */
  applyAnalysis(draftId: string, result: DraftAnalysis): Promise<void>
  /** The seller has seen the suggestions: the draft no longer says they are ready. */
  reviewed(id: string): Promise<void>
  /** Late suggestions were applied to the listing on the server: records which fields they filled. */
  filledLate(id: string, result: DraftAnalysis, filled: FillableField[]): Promise<number>

  /** A barcode scanned or typed becomes the draft's GTIN, and is queued to be looked up in the catalog. */
  scanned(draftId: string, code: string): Promise<void>
  /** The catalog's answer for the draft's code: its only product fills the draft; several wait for the seller. */
  productsFound(draftId: string, lookup: ProductLookup): Promise<void>
  /** Adds the picked product's stock photo (already on the server) after the seller's own photos. */
  addStockPhoto(draftId: string, photo: StoredImage): Promise<void>
  /** The seller picked one of the products the code names: it fills the draft. */
  pickProduct(draftId: string, epid: string): Promise<void>

  /** Stores photos and queues their upload and the draft's analysis afresh (`haul` places a new draft in a haul). */
  addPhotos(draftId: string, photos: NewPhoto[], haul?: HaulPlacement): Promise<void>
  /** The draft's photos changed otherwise: the analysis still waiting is replaced by one of all its photos. */
  reanalyse(draftId: string): Promise<void>
  /** Deletes a photo of the draft and what waited to send it. */
  removePhoto(draftId: string, photoId: string): Promise<void>
  /** Moves a photo to place `to` among the draft's photos; the first one is the listing's cover. */
  movePhoto(draftId: string, photoId: string, to: number): Promise<void>

  /** Edit on a listing: its unfinished edit draft on this phone, else a new one from the listing; answers its id. */
  startEdit(listing: Listing, newId: () => string): Promise<string>
  /** Sell similar: draft `id` becomes a new listing's draft like this one (nothing when it exists already). */
  startSimilar(listing: Listing, id: string, newId: () => string): Promise<void>

  /** Create Listing: the draft is queued for the sync engine, refused entries tried again. */
  submit(id: string): Promise<void>
  /** Deletes the draft with its photos and everything it queued. */
  discard(id: string): Promise<void>
  /** Retry after a refusal: every parked entry of the draft is tried again now. */
  retry(id: string): Promise<void>
  /** The listing exists: the sent photos leave the phone, only their small previews stay. */
  created(id: string, listingId: number): Promise<void>
  /** The server has the edit: the draft is done, at the listing's new version, and sent photos leave the phone. */
  saved(id: string, listing: Listing): Promise<void>
  /** Keep mine: the seller's edit goes again, now made against the version the server showed. */
  keepMine(id: string): Promise<void>
  /** Retry now: the draft's analyses waiting for a busy AI are tried at once. */
  retryAnalysis(id: string): Promise<void>
  /** Skip: the seller goes on without the AI; analyses of photos already stored are dropped. */
  skipAnalysis(id: string): Promise<void>

  /** Forgets done drafts of these listings, unless an analysis still waits or late suggestions are undismissed. */
  forgetDone(listingIds: number[]): Promise<void>
  /** Forgets drafts nothing was put into: draft `id`, or every one of the account's when no id is given. */
  forgetUntouched(id?: string): Promise<void>
  /** What logging out would leave on the phone: drafts not on the server yet, their photos, and expenses. */
  unsyncedCounts(): Promise<UnsyncedCounts>
  /** Logging out: done drafts go; the rest and unsent expenses only when `removeUnsynced`. */
  leavePhone(removeUnsynced: boolean): Promise<void>
  /** Gives the records made before drafts had an owner (database version 1) to this account. */
  claimUnowned(): Promise<void>
}

export function createDraftStore(db: SnaplistDb, userId: number, now: () => number = Date.now): DraftStore {
  const records = draftRecords(db, userId, now)
  return {
    get: records.own,

    /** The draft, made empty (and placed in its haul) when it does not exist yet. */
    ensure: records.ensureDraft,

    ...draftFieldWrites(records),
    ...draftBarcodeWrites(records),
    ...draftPhotoWrites(records),
    ...draftFromListing(records),
    ...draftSending(records),
    ...draftAccount(records),
  }
}
