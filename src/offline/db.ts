// The phone's own database (IndexedDB through Dexie): drafts, their photos and the outbox of changes the server has
// not yet acknowledged. Shared by the page and the service worker; nothing here knows about React.
import Dexie, { type EntityTable } from 'dexie'
import type { AnalysisResult } from '../../api/contract/analysis.ts'
import type { FillableField } from '../../api/contract/listing.ts'

/** The listing fields as the create form holds them (text, as typed). */
export interface DraftFields {
  title: string
  description: string
  price: string
  medianUsedPrice: string
  quantity: string
  category: string
  keywords: string
  color: string
  brand: string
  size: string
  type: string
  sizeType: string
  department: string
}
export type DraftField = keyof DraftFields

export const EMPTY_FIELDS: DraftFields = {
  title: '', description: '', price: '0', medianUsedPrice: '0', quantity: '1', category: '', keywords: '', color: '',
  brand: '', size: '', type: '', sizeType: '', department: '',
}

/**
 * editing: on the phone, not submitted. queued: submitted, waiting for its turn or the network. failed: the server
 * refused something; the message says what. done: the listing exists on the server.
 */
export type DraftState = 'editing' | 'queued' | 'failed' | 'done'

export interface Draft {
  /** Also the listing's clientId, so creating it twice is creating it once. */
  id: string
  createdAt: number
  updatedAt: number
  fields: DraftFields
  /** Fields the seller typed into: the AI never overwrites them. */
  edited: DraftField[]
  /** Fields the AI filled and the seller has not changed since. */
  aiFilled: DraftField[]
  /** Photo ids in the order the seller sees them. */
  photoIds: string[]
  state: DraftState
  /** Set when suggestions arrived for a draft that was not yet submitted: the seller should review them. */
  suggestionsReady: boolean
  analysis?: AnalysisResult
  /** The AI gave up on the photo (the server's error code, e.g. analysis_failed): the seller fills in the rest. */
  aiGaveUp?: string
  /** Suggestions arrived after the listing existed: the fields they filled there (empty: nothing was empty). */
  lateFilled?: FillableField[]
  error?: string
  listingId?: number
}

export interface DraftPhoto {
  id: string
  draftId: string
  createdAt: number
  /** The shrunk JPEG that is sent; dropped once the listing exists. */
  blob?: Blob
  /** A small preview for lists, kept on the phone. */
  thumbnail?: Blob
  width: number
  height: number
  /** Set once the server has stored the photo. */
  serverUrl?: string
}

export type OutboxKind = 'upload-photo' | 'analyze-photo' | 'create-listing'

export interface OutboxEntry {
  id?: number
  draftId: string
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
   * analyze-photo only: the photo is on the server already and only the analysis waits (the AI was busy), so the
   * listing need not wait for it.
   */
  photoStored?: boolean
}

export class SnaplistDb extends Dexie {
  drafts!: EntityTable<Draft, 'id'>
  photos!: EntityTable<DraftPhoto, 'id'>
  outbox!: EntityTable<OutboxEntry, 'id'>

  constructor(name = 'snaplist') {
    super(name)
    this.version(1).stores({
      drafts: 'id, state, updatedAt',
      photos: 'id, draftId',
      outbox: '++id, draftId, status, nextAttemptAt',
    })
  }
}

let shared: SnaplistDb | undefined
/** The database of this origin, opened on first use. */
export const localDb = () => (shared ??= new SnaplistDb())
