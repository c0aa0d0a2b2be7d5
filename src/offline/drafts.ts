// Everything that changes a draft: the editor, the share target and the sync engine all go through here, each
// change one IndexedDB transaction, so a crash or a closed tab never leaves half of one behind. A store acts for one
// account: it makes that account's drafts and treats another account's (a shared phone) as if they were not there.
import * as v from 'valibot'
import { storedSuggestions, type DraftAnalysis } from '../../api/contract/analysis.ts'
import {
  AI_FIELDS,
  FILLABLE_FIELDS,
  LISTING_FIELD_ENTRIES,
  suggestionAsText,
  type FillableField,
} from '../../api/contract/listing-fields.ts'
import { ListingFillSchema, type Listing, type ListingFill } from '../../api/contract/listing.ts'
import {
  type Draft,
  type DraftField,
  type DraftFields,
  type DraftPhoto,
  EMPTY_FIELDS,
  isAnalysis,
  type OutboxEntry,
  type OutboxKind,
  type SnaplistDb,
  writesListing,
} from './db.ts'

export interface NewPhoto {
  id: string
  blob: Blob
  thumbnail: Blob
  width: number
  height: number
  takenAt?: number
}

export const outboxEntry = (
  userId: number,
  draftId: string,
  kind: OutboxKind,
  now: number,
  photoId?: string,
): OutboxEntry => ({
  draftId,
  userId,
  kind,
  ...(photoId ? { photoId } : {}),
  createdAt: now,
  attempts: 0,
  nextAttemptAt: now,
  status: 'pending',
})

const requeue = (at: number) => (entry: OutboxEntry) => {
  entry.status = 'pending'
  entry.attempts = 0
  entry.nextAttemptAt = at
  delete entry.lastError
}

/** Which form field each part of an analysis fills (listing-fields.ts); empty suggestions fill nothing. */
export function suggestedFields(result: DraftAnalysis): Partial<DraftFields> {
  const values: Partial<DraftFields> = Object.fromEntries(
    AI_FIELDS.map(({ field, suggestion }) => [field, suggestionAsText(result[suggestion])]),
  )
  // A used item sells near the median used price, not the retail price: the seller's Price starts there.
  values.askingPrice = values.medianUsedPrice
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as Partial<DraftFields>
}

/** The key a guessed item specific is marked under, beside the fields' own names. */
export const aspectGuessKey = (name: string) => `aspect:${name}`

/**
 * What an analysis fills beyond the form's fields, for a draft as it stands: eBay's category, the item specifics the
 * seller has not typed into, and which of the values filled now were only guessed.
 */
function specificsOf(
  draft: Draft,
  result: DraftAnalysis,
  filledFields: DraftField[],
): Pick<Draft, 'ebayCategory' | 'aspects' | 'guesses'> {
  // eBay suggested the category for the AI's title and Category: not for the seller's own, nor over the seller's
  // choice; its item specifics go with it.
  const forThisDraft =
    Boolean(result.ebay) && !draft.ebayCategoryChosen && !SUGGESTED_FROM.some((field) => draft.edited.includes(field))
  const editedAspects = draft.editedAspects ?? []
  const filledAspects = forThisDraft
    ? (result.ebay?.aspects ?? []).filter((aspect) => aspect.value && !editedAspects.includes(aspect.name))
    : []
  const aspects = {
    ...draft.aspects,
    ...Object.fromEntries(filledAspects.map((aspect) => [aspect.name, aspect.value])),
  }
  const guessedFacts = (['brand', 'size'] as const).filter(
    (field) => filledFields.includes(field) && result.facts?.[field].seen === false,
  )
  const guessedAspects = filledAspects.filter((aspect) => !aspect.seen).map((aspect) => aspectGuessKey(aspect.name))
  // What was filled now replaces its old mark; marks on values this analysis left alone stay.
  const refilled = new Set<string>([...filledFields, ...filledAspects.map((aspect) => aspectGuessKey(aspect.name))])
  const guesses = [...(draft.guesses ?? []).filter((key) => !refilled.has(key)), ...guessedFacts, ...guessedAspects]
  return { ...(forThisDraft ? { ebayCategory: result.ebay!.category } : {}), aspects, guesses }
}

/** The fields eBay's category is suggested for (docs/decisions/0022). */
const SUGGESTED_FROM: DraftField[] = ['title', 'category']

/** What a draft forgets with its eBay category: the item specifics were that category's. */
const FORGET_CATEGORY = { ebayCategory: undefined, aspects: {}, editedAspects: [] } satisfies Partial<Draft>

/**
 * Replaces the draft's analysis still waiting (a photo was added, moved or removed) with one of all its photos as they
 * are now; a wait for a busy AI carries over, so a haul's items do not each ask a busy AI again. Nothing without photos
 * or for an edit of a listing that exists (the seller filled its fields).
 */
async function reanalyse(
  db: SnaplistDb,
  userId: number,
  draft: Pick<Draft, 'id' | 'editOf'>,
  photoCount: number,
  stamp: number,
) {
  const waiting = await db.outbox
    .where({ draftId: draft.id })
    .filter((entry) => entry.kind === 'analyze-draft')
    .toArray()
  await db.outbox.bulkDelete(waiting.map((entry) => entry.id!))
  if (photoCount === 0 || draft.editOf) return
  const busy = waiting.find((entry) => entry.lastCode === 'analysis_busy' && entry.nextAttemptAt > stamp)
  const entry = outboxEntry(userId, draft.id, 'analyze-draft', stamp)
  await db.outbox.add(
    busy ? { ...entry, attempts: busy.attempts, nextAttemptAt: busy.nextAttemptAt, lastCode: busy.lastCode } : entry,
  )
}

/** A listing's values as the form holds them (text, as if typed), for an edit of it. */
export function fieldsOfListing(listing: Listing): DraftFields {
  const asTyped = (value: unknown) =>
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value)
  return Object.fromEntries(LISTING_FIELD_ENTRIES.map(([field]) => [field, asTyped(listing[field])])) as DraftFields
}

/** Moves one item of the list to `to`, the others keeping their order. */
function moved<Item>(items: Item[], item: Item, to: number): Item[] {
  const rest = items.filter((candidate) => candidate !== item)
  const at = Math.max(0, Math.min(to, rest.length))
  return [...rest.slice(0, at), item, ...rest.slice(at)]
}

/** A form field the seller left as it started: blank, or a price of 0. */
const isBlank = (value: string | undefined) => value === undefined || value.trim() === '' || value.trim() === '0'

/**
 * What late suggestions may fill on the listing the draft became: fields the draft sent blank. The server fills only
 * those still empty there, so a change made on the Dashboard meanwhile stays too.
 */
export function lateFill(draft: Draft, result: DraftAnalysis): ListingFill {
  const suggested = suggestedFields(result)
  const fill = Object.fromEntries(
    FILLABLE_FIELDS.flatMap((field): [string, unknown][] => {
      if (field === 'aiSuggestions') return [[field, storedSuggestions(result)]]
      const value = suggested[field]
      return value !== undefined && isBlank(draft.fields[field]) ? [[field, value]] : []
    }),
  )
  return v.parse(ListingFillSchema, fill)
}

/**
 * Once the listing exists the photos are on the server, and the phone keeps only their small previews; except a photo
 * whose analysis still waits for the AI, which needs it to try again.
 */
async function dropSentPhotos(db: SnaplistDb, draftId: string) {
  const waiting = new Set((await db.outbox.where({ draftId }).toArray()).map((entry) => entry.photoId))
  await db.photos
    .where({ draftId })
    .filter((photo) => !waiting.has(photo.id))
    .modify((photo) => void delete photo.blob)
}

/** Where a new draft goes when it is an item of a haul. */
export interface HaulPlacement {
  haulId: string
  position: number
}

/** How much of one account is on this phone and not on the server yet. */
export interface UnsyncedCounts {
  drafts: number
  photos: number
}

export function createDraftStore(db: SnaplistDb, userId: number, now: () => number = Date.now) {
  /** The draft if it is this account's; another account's reads as missing. */
  const own = async (id: string): Promise<Draft | undefined> => {
    const draft = await db.drafts.get(id)
    return draft?.userId === userId ? draft : undefined
  }

  async function ensureDraft(id: string, haul?: HaulPlacement): Promise<Draft> {
    const existing = await db.drafts.get(id)
    if (existing && existing.userId !== userId) throw new Error('This draft belongs to another account on this phone.')
    if (existing) return existing
    const draft: Draft = {
      id,
      userId,
      createdAt: now(),
      updatedAt: now(),
      fields: { ...EMPTY_FIELDS },
      edited: [],
      aiFilled: [],
      photoIds: [],
      state: 'editing',
      suggestionsReady: false,
      ...(haul ? { haulId: haul.haulId, haulPosition: haul.position } : {}),
    }
    await db.drafts.add(draft)
    return draft
  }

  /** Deletes the drafts with these ids, with their photos and entries. */
  async function removeDrafts(ids: string[]) {
    await db.outbox.where('draftId').anyOf(ids).delete()
    await db.photos.where('draftId').anyOf(ids).delete()
    await db.drafts.bulkDelete(ids)
  }

  const unsynced = () =>
    db.drafts
      .where({ userId })
      .filter((draft) => draft.state !== 'done')
      .toArray()

  return {
    get: own,

    /** The draft, made empty (and placed in its haul) when it does not exist yet. */
    ensure: ensureDraft,

    /** The seller typed: the values are theirs from now on, and lose their AI mark. */
    editFields: (id: string, changes: Partial<DraftFields>) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await ensureDraft(id)
        const touched = Object.keys(changes) as DraftField[]
        const resuggest =
          !draft.ebayCategoryChosen &&
          SUGGESTED_FROM.some((field) => changes[field] !== undefined && changes[field] !== draft.fields[field])
        await db.drafts.update(id, {
          ...(resuggest ? FORGET_CATEGORY : {}),
          fields: { ...draft.fields, ...changes },
          edited: [...new Set([...draft.edited, ...touched])],
          aiFilled: draft.aiFilled.filter((field) => !touched.includes(field)),
          guesses: (draft.guesses ?? []).filter((key) => !touched.includes(key as DraftField)),
          updatedAt: now(),
          ...(draft.state === 'failed' ? { state: 'editing' as const, error: undefined, errorFields: undefined } : {}),
        })
      }),

    /** The seller chose eBay's category on the form: kept whatever the title becomes; another's specifics go. */
    chooseEbayCategory: (id: string, category: { id: string; name: string }) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await ensureDraft(id)
        const other = draft.ebayCategory?.id !== category.id
        await db.drafts.update(id, {
          ...(other ? FORGET_CATEGORY : {}),
          ebayCategory: category,
          ebayCategoryChosen: true,
          updatedAt: now(),
        })
      }),

    /** The seller typed an item specific: it is theirs from now on, and loses its guess mark. */
    editAspect: (id: string, name: string, value: string) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await ensureDraft(id)
        await db.drafts.update(id, {
          aspects: { ...draft.aspects, [name]: value },
          editedAspects: [...new Set([...(draft.editedAspects ?? []), name])],
          guesses: (draft.guesses ?? []).filter((key) => key !== aspectGuessKey(name)),
          updatedAt: now(),
        })
      }),

    /** The seller checked a guessed value and keeps it: theirs from now on, as if typed (no mark, never overwritten). */
    confirmGuess: (id: string, key: string) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(id)
        if (!draft) return
        const aspect = key.startsWith('aspect:') ? key.slice('aspect:'.length) : undefined
        await db.drafts.update(id, {
          guesses: (draft.guesses ?? []).filter((guess) => guess !== key),
          ...(aspect
            ? { editedAspects: [...new Set([...(draft.editedAspects ?? []), aspect])] }
            : {
                edited: [...new Set([...draft.edited, key as DraftField])],
                aiFilled: draft.aiFilled.filter((field) => field !== key),
              }),
          updatedAt: now(),
        })
      }),

    /**
     * Photos are stored before anything is sent, then uploaded; once they all are, the draft's photos are analysed
     * together (docs/product.md §12), an item of a haul (`haul`, which also places a new draft) as any draft. Adding
     * photos later analyses them all again (the newer analysis replaces one still waiting). Photos added to a listing
     * that exists (an edit: the seller has filled its fields) are only uploaded.
     */
    addPhotos: (draftId: string, photos: NewPhoto[], haul?: HaulPlacement) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const draft = await ensureDraft(draftId, haul)
        const stamp = now()
        await db.photos.bulkAdd(photos.map((photo): DraftPhoto => ({ ...photo, draftId, userId, createdAt: stamp })))
        await db.outbox.bulkAdd(photos.map((photo) => outboxEntry(userId, draftId, 'upload-photo', stamp, photo.id)))
        await reanalyse(db, userId, draft, draft.photoIds.length + photos.length, stamp)
        await db.drafts.update(draftId, {
          photoIds: [...draft.photoIds, ...photos.map((photo) => photo.id)],
          updatedAt: stamp,
        })
      }),

    /** The draft's photos changed otherwise (one moved to another item of a haul): what waits is analysed afresh. */
    reanalyse: (draftId: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(draftId)
        if (draft && draft.state === 'editing') await reanalyse(db, userId, draft, draft.photoIds.length, now())
      }),

    removePhoto: (draftId: string, photoId: string) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const draft = await own(draftId)
        if (!draft) return
        await db.photos.delete(photoId)
        await db.outbox
          .where({ draftId })
          .filter((entry) => entry.photoId === photoId)
          .delete()
        await db.drafts.update(draftId, { photoIds: draft.photoIds.filter((id) => id !== photoId), updatedAt: now() })
      }),

    /** The seller moved a photo (by dragging it, or Move left/right); the first one is the listing's cover. */
    movePhoto: (draftId: string, photoId: string, to: number) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(draftId)
        if (!draft?.photoIds.includes(photoId)) return
        await db.drafts.update(draftId, { photoIds: moved(draft.photoIds, photoId, to), updatedAt: now() })
      }),

    /**
     * Edit on a listing: its unfinished edit on this phone if there is one, else a new edit draft holding the listing's
     * values and its stored photos, made against its version. Returns the draft's id.
     */
    startEdit: (listing: Listing, newId: () => string) =>
      db.transaction('rw', db.drafts, db.photos, async (): Promise<string> => {
        const unfinished = await db.drafts
          .where('editOf.listingId')
          .equals(listing.id)
          .filter((draft) => draft.userId === userId && draft.state !== 'done')
          .first()
        if (unfinished) return unfinished.id
        const stamp = now()
        const id = newId()
        const photos = listing.images.map((serverUrl): DraftPhoto => ({
          id: newId(),
          draftId: id,
          userId,
          createdAt: stamp,
          width: 0,
          height: 0,
          serverUrl,
        }))
        const fields = fieldsOfListing(listing)
        const draft: Draft = {
          id,
          userId,
          createdAt: stamp,
          updatedAt: stamp,
          fields,
          edited: Object.keys(fields) as DraftField[],
          aiFilled: [],
          photoIds: photos.map((photo) => photo.id),
          state: 'editing',
          suggestionsReady: false,
          editOf: { listingId: listing.id, version: listing.version },
        }
        await db.drafts.add(draft)
        await db.photos.bulkAdd(photos)
        return id
      }),

    /**
     * Create Listing: from here the sync engine owns the draft until the listing exists or the server refuses.
     * Submitting again after a refusal is the seller's answer to it, so refused entries are tried again too.
     */
    submit: (id: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(id)
        if (!draft || draft.state === 'done') return
        // An analysis waiting for a busy AI keeps its back-off: the listing does not wait for it anyway.
        await db.outbox
          .where({ draftId: id })
          .filter((entry) => !(entry.photoStored && entry.status === 'pending'))
          .modify(requeue(now()))
        const queued = await db.outbox
          .where({ draftId: id })
          .filter((entry) => writesListing(entry.kind))
          .count()
        if (!queued)
          await db.outbox.add(outboxEntry(userId, id, draft.editOf ? 'update-listing' : 'create-listing', now()))
        await db.drafts.update(id, {
          state: 'queued',
          suggestionsReady: false,
          error: undefined,
          errorFields: undefined,
          updatedAt: now(),
        })
      }),

    discard: (id: string) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        if (await own(id)) await removeDrafts([id])
      }),

    /** Retry after a refusal: every parked entry of the draft is tried again now. */
    retry: (id: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(id)
        if (!draft) return
        await db.outbox.where({ draftId: id }).modify(requeue(now()))
        const submitted =
          (await db.outbox
            .where({ draftId: id })
            .filter((entry) => writesListing(entry.kind))
            .count()) > 0
        await db.drafts.update(id, {
          state: submitted ? 'queued' : 'editing',
          error: undefined,
          errorFields: undefined,
          updatedAt: now(),
        })
      }),

    /** AI suggestions fill only the fields (and item specifics) the seller has not typed into. */
    applyAnalysis: (draftId: string, result: DraftAnalysis) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(draftId)
        if (!draft) return
        const filled = Object.entries(suggestedFields(result)).filter(
          ([field]) => !draft.edited.includes(field as DraftField),
        )
        await db.drafts.update(draftId, {
          fields: { ...draft.fields, ...Object.fromEntries(filled) },
          aiFilled: [...new Set([...draft.aiFilled, ...filled.map(([field]) => field as DraftField)])],
          ...specificsOf(
            draft,
            result,
            filled.map(([field]) => field as DraftField),
          ),
          analysis: result,
          suggestionsReady: draft.state === 'editing' && filled.length > 0,
          updatedAt: now(),
        })
      }),

    reviewed: async (id: string) => {
      if (await own(id)) await db.drafts.update(id, { suggestionsReady: false })
    },

    /** The listing exists: the photos that were sent leave the phone, only their small previews stay. */
    created: (id: string, listingId: number) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        await db.drafts.update(id, { state: 'done', listingId, error: undefined, errorFields: undefined })
        await dropSentPhotos(db, id)
      }),

    /** The server has the edit: the listing is as the draft says, at this version. */
    saved: (id: string, listing: Listing) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        await db.drafts.update(id, {
          state: 'done',
          listingId: listing.id,
          editOf: { listingId: listing.id, version: listing.version },
          conflict: undefined,
          error: undefined,
          errorFields: undefined,
        })
        await dropSentPhotos(db, id)
      }),

    /** Keep mine: the seller's edit goes again, now made against the version the server showed. */
    keepMine: (id: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(id)
        if (!draft?.editOf || !draft.conflict) return
        await db.outbox.where({ draftId: id }).modify(requeue(now()))
        await db.drafts.update(id, {
          editOf: { ...draft.editOf, version: draft.conflict.version },
          conflict: undefined,
          state: 'queued',
          error: undefined,
          errorFields: undefined,
          updatedAt: now(),
        })
      }),

    /** Late suggestions were applied to the listing on the server: say which fields they filled. */
    filledLate: (id: string, result: DraftAnalysis, filled: FillableField[]) =>
      db.drafts.update(id, { analysis: result, lateFilled: filled.filter((field) => field !== 'aiSuggestions') }),

    /** Retry now: the analyses waiting for a busy AI are tried at once. */
    retryAnalysis: async (id: string) => {
      if (await own(id)) await db.outbox.where({ draftId: id }).filter(isAnalysis).modify({ nextAttemptAt: now() })
    },

    /** Skip: the seller goes on without the AI; the photos are on the server already. */
    skipAnalysis: async (id: string) => {
      if (await own(id))
        await db.outbox
          .where({ draftId: id })
          .filter((entry) => isAnalysis(entry) && entry.photoStored === true)
          .delete()
    },

    /**
     * Done drafts have served their purpose once the Dashboard shows the listing itself, unless an analysis still
     * waits or late suggestions still have something to say (the seller dismisses those).
     */
    forgetDone: (listingIds: number[]) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        // A draft whose analysis still waits, or whose late suggestions the seller has not dismissed, stays.
        const waiting = new Set((await db.outbox.where({ userId }).toArray()).map((entry) => entry.draftId))
        const done = await db.drafts
          .where({ userId })
          .filter(
            (draft) =>
              draft.state === 'done' &&
              listingIds.includes(draft.listingId ?? -1) &&
              !waiting.has(draft.id) &&
              draft.lateFilled === undefined,
          )
          .toArray()
        await removeDrafts(done.map((draft) => draft.id))
      }),

    /** What logging out would leave on the phone: drafts not on the server yet, and their photos. */
    unsyncedCounts: async (): Promise<UnsyncedCounts> => {
      const drafts = await unsynced()
      return { drafts: drafts.length, photos: drafts.reduce((sum, draft) => sum + draft.photoIds.length, 0) }
    },

    /** Logging out: the drafts already on the server go (their previews too); the rest only when the seller says so. */
    leavePhone: (removeUnsynced: boolean) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const drafts = await db.drafts.where({ userId }).toArray()
        await removeDrafts(drafts.filter((draft) => removeUnsynced || draft.state === 'done').map((draft) => draft.id))
      }),

    /** Gives the records made before drafts had an owner (database version 1) to this account. */
    claimUnowned: () =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const unowned = (record: { userId?: number }) => record.userId === undefined
        await db.drafts.filter(unowned).modify({ userId })
        await db.photos.filter(unowned).modify({ userId })
        await db.outbox.filter(unowned).modify({ userId })
      }),
  }
}

export type DraftStore = ReturnType<typeof createDraftStore>
