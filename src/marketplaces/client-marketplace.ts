// What a marketplace brings to the app (docs/decisions/0068): its wing (src/marketplaces/<marketplace>/) holds all of
// it, the registry (registry.ts) lists one per marketplace, and the generic screens read them from there in the
// marketplaces' order, never naming one. What only a dialog or a screen needs is loaded with it (`load…`), so the
// Dashboard carries no marketplace's dialogs.
import type { ComponentType } from 'react'
import type { Listing } from '../../api/contract/listing.ts'
import type { Platform } from '../../api/contract/marketplace-paths.ts'
import type { ExchangeInput, ExchangeReply } from '../../api/contract/marketplaces.ts'
import type { BulkPostPart } from '../components/bulk-post-parts.ts'
import type { Draft } from '../offline/db.ts'

/** The marketplace's Post dialog on the Dashboard: always there, its code loaded on the first Post tap. */
export interface PostDialogProps {
  /** The rows loaded so far: back from a marketplace's consent, its Post dialog can reopen for one of them. */
  listings: Listing[] | undefined
  /** The listing whose Post dialog is open here; null: closed. */
  listing: Listing | null
  onPosting: (listing: Listing | null) => void
}

/** A callback's query as the marketplace sends it (?code=…&state=…, or ?error=access_denied). */
export interface CallbackSearch {
  code?: string
  state?: string
  /** An RFC 6749 error code: access_denied when the seller chose Deny. */
  error?: string
  /** A success path's own verdict, where the marketplace adds one: 'true' or 'false' (docs/product.md §2). */
  isAuthSuccessful?: string
}

/** What arrived at a callback: a code and state to exchange, a connection to check, a decline, or a failure. */
export type Arrival =
  | { kind: 'exchange'; code: string; state: string }
  | { kind: 'check' }
  | { kind: 'cancelled'; error: string }
  | { kind: 'failed'; message: string; popupError?: string }

/** A marketplace's own ways on its callback and manual screens, where its sign-in differs from the common one. */
export interface ConnectPart {
  /** Sends the code the marketplace returned, with the state it came back with, to the server's exchange. */
  exchange: (input: ExchangeInput) => Promise<ExchangeReply>
  /** Decides what arrived; absent: a code and its state are exchanged, an error is a decline. */
  decide?: (search: CallbackSearch) => Arrival
  /** What the callback's page and toast say of a failed exchange; absent: the API's sentence. */
  exchangeFailure?: (error: unknown) => { page: string; toast: string }
  /** What the manual screen says of a failed exchange; absent: the API's sentence. */
  manualFailure?: (error: unknown) => string
  /** For a marketplace that runs in a popup: what its opener is told of a failure, by cause. */
  popupErrors?: { exchangeFailed: string; processing: string; noCode: string; declinedByUser: string }
  /** Tells the window that opened the popup; false when there is none. */
  notifyOpener?: (success: boolean, error?: string) => boolean
  /** Keeps a failure its opener was told, for a reload of the callback (§3). */
  rememberFailure?: (popupError: string) => void
  /** Shown on a failure that stays on screen: which of its settings this server has (never their values). */
  loadEnvironment?: () => Promise<unknown>
}

/** A marketplace that ends a listing live there before Snaplist deletes it: what the delete confirm says. */
export interface DeletingPart {
  ends: (listing: Listing) => boolean
  /** What the confirm says, a paragraph each. */
  note: (title: string) => string[]
  /** The confirm button's words. */
  confirm: string
}

/** The listing form's category of the catalog: a draft's choice is the form's to keep (onChoose). */
export interface CategoryFieldProps {
  draft: Draft
  onChoose: (category: { id: string; name: string }) => void
}

export interface ClientMarketplace {
  id: Platform
  /** Its Post dialog for one listing, on the Dashboard (its code loads on the first tap). */
  PostDialog: ComponentType<PostDialogProps>
  /** Its part in posting many at once, loaded with the bulk post dialog. */
  loadBulkPart: () => Promise<BulkPostPart>
  /** What a row shows beside Edit, when the marketplace has a quick action or pill there. */
  RowAction?: ComponentType<{ listing: Listing; onPost: () => void }>
  /** The row's lines of where the listing stands there, under its price; nothing before it has been there. */
  RowLines: ComponentType<{ listing: Listing }>
  /** Whether a change of the listing is on its way there (the row says when it arrived). */
  changeUnderWay: (listing: Listing) => boolean
  /** Whether the seller has put the listing up there (a relist of a sold-out listing puts it back there). */
  wasListed: (listing: Listing) => boolean
  /** The listing form's category field, where the app uses this marketplace as its catalog (loads with the form). */
  CategoryField?: ComponentType<CategoryFieldProps>
  /** What the edit screen says of the listing when editing reaches less of it there (one made on its site); null: nothing. */
  editNote?: (listing: Listing) => string | null
  /** Where deleting a listing live there ends it there first. */
  deleting?: DeletingPart
  /** Under the connected marketplaces while this one is connected (say, importing its listings). */
  Connected?: ComponentType
  /**
   * The Dashboard listening for the seller's return from its sign-in, beside the address's result (say, a popup's
   * report): announce says how it went. Answers the way to stop listening.
   */
  listenForReturn?: (announce: (success: boolean) => void) => () => void
  /** Its callback and manual screens' part, loaded with them. */
  loadConnect: () => Promise<ConnectPart>
}
