// The phone's own database (IndexedDB through Dexie): drafts, their photos and the outbox of changes the server has
// not yet acknowledged. Shared by the page and the service worker; nothing here knows about React.
import Dexie, { type EntityTable } from 'dexie'
import type { DraftAnalysis } from '../../api/contract/analysis.ts'
import type { ExpenseCategory } from '../../api/contract/expenses.ts'
import type { Listing } from '../../api/contract/listing.ts'
import type { CatalogProduct, ProductLookup } from '../../api/contract/catalog.ts'
import { EMPTY_FORM_VALUES, type ListingFieldName, type ListingFormValues } from '../../api/contract/listing-fields.ts'
import type { FillableField } from '../../api/contract/listing-suggestion.ts'

/** The listing fields as the create form holds them (text, as typed), one for each field listing-fields.ts declares. */
export type DraftFields = ListingFormValues
export type DraftField = ListingFieldName

/**
 * A new draft's fields. A draft made before a field existed lacks it: whoever reads a draft's fields reads them over
 * these.
 */
export const EMPTY_FIELDS: DraftFields = EMPTY_FORM_VALUES

/**
 * editing: on the phone, not submitted. queued: submitted, waiting for its turn or the network. failed: the server
 * refused something; the message says what. done: the listing exists on the server.
 */
export type DraftState = 'editing' | 'queued' | 'failed' | 'done'

/**
 * A barcode scanned or typed on the draft, and what the catalog has for it (docs/decisions/0046). waiting: to be
 * looked up (offline, or the catalog busy: the outbox's lookup-product entry); found: the catalog's answer (no products: the
 * photos fill the listing); refused: the server's error code says why (not connected: connect the catalog's marketplace first).
 */
export interface DraftBarcode {
  code: string
  state: 'waiting' | 'found' | 'refused'
  products?: CatalogProduct[]
  market?: ProductLookup['market']
  refusal?: string
  /** The catalog product that filled the draft (the only one, or the seller's pick). */
  picked?: CatalogProduct
}

export interface Draft {
  /** Also the listing's clientId, so creating it twice is creating it once. */
  id: string
  /** The account that made it: only that account sees it, and only its sync sends it. Unset: made before version 2. */
  userId?: number
  createdAt: number
  updatedAt: number
  fields: DraftFields
  /** Fields the seller typed into: the AI never overwrites them. */
  edited: DraftField[]
  /** Fields the AI filled and the seller has not changed since. */
  aiFilled: DraftField[]
  /** Fields the catalog filled from the barcode and the seller has not changed since: the AI never overwrites them. */
  catalogFilled?: DraftField[]
  barcode?: DraftBarcode
  /** Photo ids in the order the seller sees them. */
  photoIds: string[]
  state: DraftState
  /** Set when suggestions arrived for a draft that was not yet submitted: the seller should review them. */
  suggestionsReady: boolean
  analysis?: DraftAnalysis
  /** The catalog's category the analysis found for the draft (docs/product.md §12), or the one the seller chose. */
  catalogCategory?: { id: string; name: string }
  /** The seller chose catalogCategory; else it is the catalog's suggestion, made again once the title or Category changes. */
  catalogCategoryChosen?: boolean
  /** The catalog's item specifics by name, in its spelling: filled by the analysis, edited by the seller. */
  aspects?: Record<string, string>
  /** Item specifics the seller typed into: the AI never overwrites them. */
  editedAspects?: string[]
  /**
   * Values the AI only guessed ('brand', 'size', or 'aspect:<name>'): marked 'Guess: check it' until the seller edits
   * or confirms them.
   */
  guesses?: string[]
  /** The AI gave up on the photo (the server's error code, e.g. analysis_failed): the seller fills in the rest. */
  aiGaveUp?: string
  /** Suggestions arrived after the listing existed: the fields they filled there (empty: nothing was empty). */
  lateFilled?: FillableField[]
  error?: string
  /** The server refused the listing: its sentence for each field it named, shown under that field. */
  errorFields?: Record<string, string>
  listingId?: number
  /**
   * An edit of a listing that exists (rather than a new listing): which one, and the version the edit started from.
   * Keeping the seller's edit over a conflicting one moves `version` to the server's.
   */
  editOf?: { listingId: number; version: number }
  /** The server refused the edit because the listing changed elsewhere: the listing as it is there now. */
  conflict?: Listing
  /** One item of a haul (many items photographed in a row, src/offline/hauls.ts): which haul, and its place in it. */
  haulId?: string
  haulPosition?: number
  /**
   * The seller tapped Next item while this was the haul's last item: the camera starts a new item after it, also
   * after a reload (until a photo is added to this one again).
   */
  nextItemStarted?: boolean
}

export interface DraftPhoto {
  id: string
  draftId: string
  userId?: number
  createdAt: number
  /** The shrunk JPEG that is sent; dropped once the listing exists. */
  blob?: Blob
  /** A small preview for lists, kept on the phone. */
  thumbnail?: Blob
  width: number
  height: number
  /** When it was taken (EXIF DateTimeOriginal, else the file's time): a haul's library import groups by it. */
  takenAt?: number
  /** Set once the server has stored the photo. */
  serverUrl?: string
}

/**
 * analyze-draft: all of the draft's stored photos analysed together, once its uploads are done. analyze-photo: one
 * photo uploaded and analysed alone (entries queued before drafts were analysed whole; still sent as they are).
 * lookup-product: the draft's barcode looked up in the catalog. create-expense: an expense added on the phone, its
 * receipt's photo uploaded first (its entry's draftId is the expense's id).
 */
export type OutboxKind =
  | 'upload-photo'
  | 'analyze-photo'
  | 'analyze-draft'
  | 'create-listing'
  | 'update-listing'
  | 'lookup-product'
  | 'create-expense'

export const isAnalysis = (entry: Pick<OutboxEntry, 'kind'>) =>
  entry.kind === 'analyze-photo' || entry.kind === 'analyze-draft'

/** The entry that sends the draft's listing itself (a new one, or an edit of one), once its photos are stored. */
export const writesListing = (kind: OutboxKind) => kind === 'create-listing' || kind === 'update-listing'

export interface OutboxEntry {
  id?: number
  /** The draft the change is of; for create-expense, the expense's id. */
  draftId: string
  userId?: number
  kind: OutboxKind
  photoId?: string
  createdAt: number
  attempts: number
  /** Epoch ms before which the entry is not tried again (back-off). */
  nextAttemptAt: number
  /** parked: refused by the server (4xx); waits for the seller to retry or discard. */
  status: 'pending' | 'parked'
  lastError?: string
  /** The server's error code of the last failure, e.g. analysis_busy. */
  lastCode?: string
  /**
   * Analyses only: the photos are on the server already and only the analysis waits (the AI was busy), so the
   * listing need not wait for it.
   */
  photoStored?: boolean
}

/**
 * Photos and a title shared to the app (its Web Share Target), waiting for the seller to add them as a draft or discard
 * them: nothing shared is a draft, uploaded or analysed before the seller says so (sw/share-target.ts).
 */
export interface SharedItem {
  id: string
  userId: number
  createdAt: number
  /** Plain text, as sharedTitle made it: never markup. */
  title: string
  photos: { id: string; blob: Blob; thumbnail: Blob; width: number; height: number }[]
}

/**
 * An expense added on the phone and not yet on the server (docs/decisions/0062): its values as typed, and the photo of
 * its receipt, shrunk on the phone, kept until the expense is saved there. queued: waiting for its turn or the network;
 * failed: the server refused it, the message says why.
 */
export interface PendingExpense {
  /** Also the expense's clientId, so sending it twice saves it once. */
  id: string
  userId: number
  createdAt: number
  values: { spentOn: string; amount: string; category: ExpenseCategory; place: string; note: string }
  /** The receipt's photo under its own id (the upload is idempotent by it), and its address once stored. */
  receipt?: { id: string; blob: Blob; url?: string }
  state: 'queued' | 'failed'
  error?: string
  errorFields?: Record<string, string>
}

/** Who is signed in on this phone, as the page last knew it: the service worker gives shared photos to them. */
export interface SignedInAccount {
  key: 'current'
  userId: number
}

export class SnaplistDb extends Dexie {
  drafts!: EntityTable<Draft, 'id'>
  photos!: EntityTable<DraftPhoto, 'id'>
  outbox!: EntityTable<OutboxEntry, 'id'>
  signedIn!: EntityTable<SignedInAccount, 'key'>
  shares!: EntityTable<SharedItem, 'id'>
  expenses!: EntityTable<PendingExpense, 'id'>

  constructor(name = 'snaplist') {
    super(name)
    // Only the newest schema is declared: Dexie upgrades a phone's older database to it from the schema it finds there
    // (since Dexie 3, a version is kept only for an upgrade function, and only 7 has one), and declaring each older one
    // was work at every start. The version number only ever goes up. What each version added: 2, the account that owns
    // a draft, photo or entry (records from before have none: nobody sees or sends them until the page gives them to
    // the account that was signed in when they were made, src/lib/outbox.ts, claimDraftsFromBefore) and
    // who is signed in; 3, edits of listings that exist are drafts too (editOf: the edit screen reopens a listing's
    // unfinished edit); 4, a haul is its drafts (haulId, docs/decisions/0018-haul-over-drafts.md); 5, shared photos
    // wait for the seller's yes before they become a draft (shares); 6, expenses added with no signal wait here; 7, a
    // draft's catalog category is catalogCategory(Chosen), no longer named after its marketplace (upgradeDraftTo7).
    this.version(7)
      .stores({
        drafts: 'id, state, updatedAt, userId, editOf.listingId, haulId',
        photos: 'id, draftId, userId',
        outbox: '++id, draftId, status, nextAttemptAt, userId',
        signedIn: 'key',
        shares: 'id, userId',
        expenses: 'id, userId',
      })
      .upgrade((tx) => tx.table('drafts').toCollection().modify(upgradeDraftTo7))
  }
}

/** A draft saved before version 7: its catalog category under the names it had then (ebayCategory, …Chosen). */
export function upgradeDraftTo7(draft: Record<string, unknown>) {
  for (const [before, now] of [
    ['ebayCategory', 'catalogCategory'],
    ['ebayCategoryChosen', 'catalogCategoryChosen'],
  ] as const) {
    if (!(before in draft)) continue
    draft[now] = draft[before]
    delete draft[before]
  }
}

let shared: SnaplistDb | undefined
/** The database of this origin, opened on first use. */
export const localDb = () => (shared ??= new SnaplistDb())
