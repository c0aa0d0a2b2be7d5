// The rules about listings: owner-scoped, photos must be the owner's stored photos, creation idempotent by clientId,
// edits only against the version they started from, deletion takes the photos no other listing uses with it. Each
// change goes into the seller's change log in its transaction, for their other open screens (docs/decisions/0034).
import { BULK_POST_QUEUE_MAX } from '../../contract/bulk-post-max.ts'
import { GUESSED_CONDITION, guessesAfterEdit, type Guess } from '../../contract/guesses.ts'
import { ESTIMATED_FIELDS, SELLER_ONLY_FIELDS } from '../../contract/listing-fields.ts'
import { conditionChosen } from '../../contract/marketplace-listing-parts.ts'
import { madeSku } from '../../contract/sku.ts'
import { FILLABLE_FIELDS, type FillableField } from '../../contract/listing-suggestion.ts'
import {
  editChangesNothing,
  type Listing,
  type ListingEdit,
  type ListingFill,
  type ListingFillReply,
  type ListingInput,
} from '../../contract/listing.ts'
import type { ListingOfSku, ListingPage, ListingSearch, ReadyListingIds } from '../../contract/listing-search.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import * as listingJson from '../../db/listing-json.ts'
import * as listingSearch from '../../db/listing-search.ts'
import * as listings from '../../db/listings.ts'
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts'
import type { JsonText } from '../../json-text.ts'
import type { Platform } from '../../contract/marketplace-paths.ts'
import type { ListingFloorView } from '../../contract/price-rules.ts'
import { keepInLineWithEdit } from '../marketplace-modules.ts'
import type { SellingMarketplace } from '../selling/marketplace.ts'
import { deleteWithPhotos, removePhotoFiles } from './photo-files.ts'
import type { FileStorage } from './storage.ts'

/** Nothing there yet: blank text, a price of 0, no keywords, no stored suggestions. */
const isEmpty = (value: unknown) =>
  value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0)

/** The fields the fill may set: given with a value, and empty on the listing. */
const fieldsToFill = (listing: Listing, fill: ListingFill): FillableField[] =>
  FILLABLE_FIELDS.filter((field) => fill[field] !== undefined && !isEmpty(fill[field]) && isEmpty(listing[field]))

/** A listing the AI made has a condition nobody chose: a guess too, beside the draft's marks (contract/guesses.ts). */
const guessesOnCreate = (input: ListingInput): Guess[] =>
  input.aiSuggestions ? [...new Set<Guess>([...input.guesses, GUESSED_CONDITION])] : input.guesses

/** Late suggestions: what they filled of the AI's estimates is a guess, and so is a condition nobody has chosen. */
const guessesOnFill = (listing: Listing, filled: FillableField[]) => [
  ...new Set([
    ...listing.guesses,
    ...ESTIMATED_FIELDS.filter((field) => filled.includes(field as FillableField)),
    ...(filled.includes('aiSuggestions') && !conditionChosen(listing) ? [GUESSED_CONDITION] : []),
  ]),
]

/** Ends a listing live on a marketplace before it is deleted (api/services/selling/delete-live.ts, docs/decisions/0023). */
export interface LiveListingDeletion {
  /** Called inside the delete's transaction, which has marked the listing deleting: the job exists exactly when the mark does. */
  requestInTransaction(tx: Tx, userId: number, listingId: number): Promise<void>
}

export interface ListingServiceOptions {
  /**
   * The marketplaces Snaplist sells on (docs/decisions/0029): each is asked to revise an edited listing, and a listing
   * live on one is ended before it is deleted. Without them an edit changes the listing on Snaplist only.
   */
  marketplaces?: readonly Pick<SellingMarketplace, 'id' | 'isLive' | 'requestRevision'>[]
  /** Without it a listing live on a marketplace is deleted from Snaplist alone. */
  liveDeletion?: LiveListingDeletion
  /** The seller's floor of one listing (pricing/floors.ts), in its answer; without it the answer has none. */
  floorOf?: (userId: number, id: number) => Promise<ListingFloorView | undefined>
}

/** GET /api/listings/{id}: the listing, and its floor with what it is made of (issue 51). */
export type ListingWithFloor = Listing & { floor?: ListingFloorView }

const MISSING = 'That listing does not exist or is not yours. Refresh the Dashboard.'

/** 409 listing_edit_conflict: the listing changed since the edit began; the seller sees both (docs/product.md §11). */
const editConflict = (current: Listing) =>
  new AppError(
    409,
    'listing_edit_conflict',
    'This listing was changed elsewhere since you started editing it. Choose which version to keep.',
    { current },
  )

/** A SKU another of the seller's listings has (listings_user_sku, migration 0036) is the seller's to change. */
async function refusingTakenSku<T>(write: Promise<T>, sku: string): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error) && error.constraint_name === 'listings_user_sku')
      throw new AppError(409, 'sku_taken', `Another of your listings has the SKU ${sku}. Choose another.`, {
        fields: { sku: 'Another of your listings has this SKU' },
      })
    throw error
  }
}

/** Whether an edit changes only the seller's books, which no marketplace receives. */
const onlyBooksChanged = (before: Listing, after: Listing) =>
  (Object.keys(after) as (keyof Listing)[]).every(
    (key) =>
      key === 'version' ||
      (SELLER_ONLY_FIELDS as (keyof Listing)[]).includes(key) ||
      JSON.stringify(before[key]) === JSON.stringify(after[key]),
  )

export interface ListingService {
  /** The JSON text of the seller's Listing[], ready to send, with the address of those live on SPEC's marketplace. */
  listJson(userId: number): Promise<JsonText<Listing[]>>
  /** One listing's JSON text, as the list and the search answer it: what an edit starts from. */
  oneJson(userId: number, id: number): Promise<JsonText<ListingWithFloor>>
  /** The chosen listings' JSON text, in the order chosen: what a bulk action shows. */
  chosenJson(userId: number, ids: number[]): Promise<JsonText<Listing[]>>
  searchJson(userId: number, search: ListingSearch): Promise<JsonText<ListingPage>>
  /** Every ready listing the search finds, up to what one bulk post takes (the rest wait for the next). */
  readyIds(userId: number, search: Pick<ListingSearch, 'q' | 'sort'>): Promise<ReadyListingIds>
  /** The listing a label's SKU names (Scan label). */
  bySku(userId: number, sku: string): Promise<ListingOfSku>
  /** Returns the listing and whether it was created now (false: this clientId was seen before). */
  create(userId: number, input: ListingInput): Promise<{ listing: Listing; created: boolean }>
  /**
   * AI suggestions that arrived after the listing was created: they fill the fields still empty on it and never
   * change what the seller set (here or on the phone). Answers what was filled.
   */
  fillEmpty(userId: number, id: number, fill: ListingFill): Promise<ListingFillReply>
  /**
   * The seller's edit, made against `edit.version`. Another version in between is a conflict (409 with the listing as
   * it is now), unless the edit changes nothing: then it is this edit sent again after its reply was lost. Photos the
   * edit removed and no other listing uses are deleted; each marketplace it was published to gets a revision.
   */
  update(userId: number, id: number, sent: ListingEdit): Promise<Listing>
  /**
   * Deletes the seller's listing; one live on a marketplace is ended there first (docs/decisions/0023): it leaves the
   * Dashboard now and the row goes once it has ended and no last sale turned up. Answers where it is being ended.
   */
  remove(userId: number, id: number): Promise<{ endingOn: Platform[] }>
  /** For admins: any owner's listing. */
  removeAny(id: number): Promise<void>
}

/** itemUrl: where a buyer sees a listing on SPEC's marketplace, up to its id (specItemUrl, marketplace-wings.ts). */
export function createListingService(
  sql: Sql,
  storage: FileStorage,
  itemUrl: string,
  { marketplaces = [], liveDeletion, floorOf }: ListingServiceOptions = {},
): ListingService {
  async function assertOwnPhotos(userId: number, urls: string[]) {
    const owned = await images.ownedImageUrls(sql, userId, urls)
    const foreign = urls.filter((url) => !owned.has(url))
    if (foreign.length) {
      throw badRequest('Some photos were not uploaded to Snaplist. Remove them and add them again.', {
        images: 'Every image must be a photo uploaded to Snaplist',
      })
    }
  }

  async function removeListing(deleteRow: (tx: Tx) => Promise<Listing | undefined>, missing: string): Promise<void> {
    const deleteAndLog = async (tx: Tx) => {
      const deleted = await deleteRow(tx)
      if (deleted) await logChange(tx, deleted.userId, 'listing-deleted', deleted.id, {})
      return deleted
    }
    if (!(await deleteWithPhotos(sql, storage, deleteAndLog))) throw notFound(missing)
  }

  /** Every marketplace the listing was published to gets the change, in the change's transaction. */
  async function requestRevisions(tx: Tx, listing: Listing): Promise<void> {
    for (const marketplace of marketplaces) await marketplace.requestRevision(tx, listing)
  }

  /** A listing live somewhere is marked and its end there queued, together: answers where (none: nothing done). */
  const markIfLive = (userId: number, id: number): Promise<Platform[]> =>
    sql.begin(async (tx) => {
      const listing = await listings.lockListing(tx, userId, id)
      const liveOn = listing ? marketplaces.filter((marketplace) => marketplace.isLive(listing)) : []
      if (!liveDeletion || liveOn.length === 0) return []
      await listings.markDeleting(tx, userId, id)
      await liveDeletion.requestInTransaction(tx, userId, id)
      // It leaves the Dashboard now, on every screen.
      await logChange(tx, userId, 'listing-deleted', id, {})
      return liveOn.map((marketplace) => marketplace.id)
    })

  return {
    listJson: (userId: number) => listingJson.listListingsJson(sql, userId, itemUrl),
    async oneJson(userId: number, id: number): Promise<JsonText<ListingWithFloor>> {
      const json = await listingJson.findListingJson(sql, userId, id, itemUrl)
      if (json === undefined) throw notFound(MISSING)
      const floor = await floorOf?.(userId, id)
      // The floor is reckoned in code (the seller's rules, the fees read), so it joins the object Postgres wrote.
      return (floor ? `${json.slice(0, -1)},"floor":${JSON.stringify(floor)}}` : json) as JsonText<ListingWithFloor>
    },
    chosenJson: (userId: number, ids: number[]) => listingJson.findListingsJson(sql, userId, ids, itemUrl),
    searchJson: (userId, search) => listingSearch.searchListingsJson(sql, userId, search, itemUrl),
    readyIds: (userId, search) => listingSearch.readyListingIds(sql, userId, search, BULK_POST_QUEUE_MAX),
    async bySku(userId: number, sku: string): Promise<ListingOfSku> {
      const id = await listingSearch.listingIdOfSku(sql, userId, sku)
      if (id === undefined) throw notFound(`None of your listings has the SKU ${sku}.`)
      return { id }
    },

    async create(userId: number, input: ListingInput): Promise<{ listing: Listing; created: boolean }> {
      if (input.clientId) {
        const earlier = await listings.findListingByClientId(sql, userId, input.clientId)
        if (earlier) return { listing: earlier, created: false }
      }
      await assertOwnPhotos(userId, input.images)
      const images = [...new Set(input.images)]
      const creating = sql.begin(async (tx) => {
        const inserted = await listings.insertListing(tx, userId, {
          ...input,
          images,
          guesses: guessesOnCreate(input),
        })
        if (inserted) {
          await logChange(tx, userId, 'listing-created', inserted.id, {})
          return { listing: inserted, created: true }
        }
        // The clientId is taken: by this seller (a concurrent retry won the insert), or by another account. A draft's
        // id is its listing's clientId, so another account sending it (a shared phone) gets neither that listing nor a
        // copy of it; the unique index decides, so two accounts racing cannot both insert.
        const own = await listings.findListingByClientId(tx, userId, input.clientId!)
        if (!own) throw conflict('This draft was made by another account. Sign in as that account to send it.')
        return { listing: own, created: false }
      })
      return refusingTakenSku(creating, input.sku)
    },

    fillEmpty: (userId: number, id: number, fill: ListingFill): Promise<ListingFillReply> =>
      sql.begin(async (tx) => {
        const listing = await listings.lockListing(tx, userId, id)
        if (!listing) throw notFound(MISSING)
        const filled = fieldsToFill(listing, fill)
        if (filled.length === 0) return { listing, filled }
        const updated = await listings.updateListingFields(tx, id, fill, filled, guessesOnFill(listing, filled))
        await requestRevisions(tx, updated)
        await logChange(tx, userId, 'listing-edited', id, {})
        return { listing: updated, filled }
      }),

    async update(userId: number, id: number, sent: ListingEdit): Promise<Listing> {
      const edit = { ...sent, sku: sent.sku || madeSku(id) }
      await assertOwnPhotos(userId, edit.images)
      const photoUrls = [...new Set(edit.images)]
      const editing = sql.begin(async (tx) => {
        const current = await listings.lockListing(tx, userId, id)
        if (!current) throw notFound(MISSING)
        if (editChangesNothing(current, { ...edit, images: photoUrls })) return { listing: current, unused: [] }
        if (current.version !== edit.version) throw editConflict(current)
        const guesses = guessesAfterEdit(current.guesses, current, edit)
        const edited = await listings.updateEditableFields(tx, id, { ...edit, images: photoUrls }, guesses)
        const updated = await keepInLineWithEdit(tx, id, current, edited)
        // Not only while live: an ended listing's offer is kept as the listing is, so a relist puts up what the seller sees.
        // A change of only the seller's books (cost, SKU, bin…) has nothing for a marketplace.
        if (!onlyBooksChanged(current, updated)) await requestRevisions(tx, updated)
        await logChange(tx, userId, 'listing-edited', id, {})
        const removed = current.images.filter((url) => !photoUrls.includes(url))
        return { listing: updated, unused: await images.deleteUnusedImages(tx, userId, removed) }
      })
      const { listing, unused } = await refusingTakenSku(editing, edit.sku)
      await removePhotoFiles(storage, unused)
      return listing
    },

    async remove(userId: number, id: number): Promise<{ endingOn: Platform[] }> {
      const endingOn = await markIfLive(userId, id)
      if (endingOn.length === 0) await removeListing((tx) => listings.deleteListing(tx, userId, id), MISSING)
      return { endingOn }
    },

    removeAny: (id: number) =>
      removeListing((tx) => listings.deleteAnyListing(tx, id), 'That listing no longer exists. Refresh the page.'),
  }
}
