// How one account's outbox entries are sent: a photo uploaded (and, for old entries, analysed alone), a draft's photos
// analysed together, a barcode looked up, a listing created or edited, an expense saved (expense-sender.ts). Every request names the account, every change lands in its drafts,
// and every call is idempotent (the photo's UUID and the draft's clientId make the server answer "already done").
import * as v from 'valibot'
import { storedSuggestions, type DraftAnalysis } from '../../api/contract/analysis.ts'
import { withoutFieldAspects } from '../../api/contract/catalog-fields.ts'
import { isListingGuess } from '../../api/contract/guesses.ts'
import { ListingEditSchema, ListingInputSchema } from '../../api/contract/listing.ts'
import { inputFromCatalog } from '../../api/contract/marketplace-listing-input.ts'
import { ApiError, hasCode } from './api-error.ts'
import { writesListing, type Draft, type DraftPhoto, type OutboxEntry, type SnaplistDb } from './db.ts'
import { lateFill } from './draft-fills.ts'
import { createDraftStore } from './drafts.ts'
import { expenseSenderFor } from './expense-sender.ts'
import type { SyncTransport } from './transport.ts'

// Analysis failures that are the AI's, not the network's: the photo is stored anyway, the seller fills in the rest. The
// seller's analyses limit (a 429) is one too: asking again within the minute or the day would only be refused again.
const AI_GAVE_UP = ['analysis_failed', 'analysis_timeout', 'analysis_key_refused', 'analysis_limit_reached'] as const

/** The AI is there but overloaded (Gemini's 429): worth trying again, in minutes rather than seconds. */
export const isAiBusy = (error: unknown) => hasCode(error, 'analysis_busy')

/** The form's text as the contract's input, or the 400 the server would answer, so the seller sees it the same way. */
function checked<Schema extends v.GenericSchema>(schema: Schema, input: unknown): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, input)
  if (parsed.success) return parsed.output
  const fields = Object.fromEntries(parsed.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]))
  throw new ApiError(400, parsed.issues.map((issue) => issue.message).join('. '), 'invalid_input', fields)
}

/**
 * The catalog's category and the item specifics with a value, as the listing keeps them (docs/product.md §12); not those
 * the listing's own fields answer: the fields say them (docs/decisions/0022).
 */
function catalogInputOf(draft: Draft) {
  const aspects = Object.fromEntries(
    Object.entries(withoutFieldAspects(draft.aspects ?? {})).filter(([, value]) => value.trim() !== ''),
  )
  return inputFromCatalog({
    category: draft.catalogCategory,
    chosen: draft.catalogCategoryChosen ?? false,
    aspects,
  })
}

export interface EntrySenderOptions {
  db: SnaplistDb
  transport: SyncTransport
  now: () => number
  onListingCreated?: (draftId: string, listingId: number) => void
}

/** Sends one entry of `account`'s; throws what the server answered when it did not succeed. */
export function entrySenderFor(account: number, { db, transport, now, onListingCreated }: EntrySenderOptions) {
  const drafts = createDraftStore(db, account, now)
  const sendExpense = expenseSenderFor(account, db, transport)

  async function photoOf(entry: OutboxEntry): Promise<DraftPhoto | undefined> {
    return entry.photoId ? db.photos.get(entry.photoId) : undefined
  }

  async function upload(photo: DraftPhoto, blob: Blob) {
    const stored = await transport.uploadPhoto(account, photo.id, blob)
    await db.photos.update(photo.id, { serverUrl: stored.imageUrl })
  }

  /** Suggestions for a draft still on the phone go into its fields; for a listing that exists, into its empty fields. */
  async function applySuggestions(draftId: string, result: DraftAnalysis) {
    const draft = await db.drafts.get(draftId)
    if (draft?.state !== 'done' || draft.listingId === undefined) return drafts.applyAnalysis(draftId, result)
    const reply = await transport.fillEmpty(account, draft.listingId, lateFill(draft, result))
    await drafts.filledLate(draftId, result, reply.filled)
  }

  /**
   * Runs an analysis; false when the AI gave up (the seller fills in the rest). When the AI is busy, `storePhotos`
   * makes sure the photos are on the server, so the listing can go ahead while the entry waits for the AI.
   */
  async function analysed(
    entry: OutboxEntry,
    analyse: () => Promise<void>,
    storePhotos: () => Promise<void> = async () => {},
  ): Promise<boolean> {
    try {
      await analyse()
      return true
    } catch (error) {
      if (isAiBusy(error)) {
        await storePhotos()
        await db.outbox.update(entry.id!, { photoStored: true })
        throw error
      }
      if (!hasCode(error, ...AI_GAVE_UP)) throw error
      await db.drafts.update(entry.draftId, { aiGaveUp: error.code })
      return false
    }
  }

  /** One photo uploaded and analysed alone (entries queued before drafts were analysed whole). */
  const analyse = (entry: OutboxEntry, photo: DraftPhoto, blob: Blob) =>
    analysed(
      entry,
      async () => {
        const result = await transport.analyzePhoto(account, photo.id, blob)
        await db.photos.update(photo.id, { serverUrl: result.imageUrl })
        await applySuggestions(entry.draftId, result)
      },
      async () => {
        if (!photo.serverUrl) await upload(photo, blob)
      },
    )

  /** All of the draft's photos on the server, in the seller's order, analysed together. */
  async function analyseDraft(entry: OutboxEntry) {
    const draft = await db.drafts.get(entry.draftId)
    const photos = draft ? await db.photos.bulkGet(draft.photoIds) : []
    const ids = photos.flatMap((photo) => (photo?.serverUrl ? [photo.id] : []))
    if (ids.length === 0) return // Every photo was removed: nothing to analyse.
    await analysed(entry, async () => applySuggestions(entry.draftId, await transport.analyzePhotos(account, ids)))
  }

  async function sendPhoto(entry: OutboxEntry, analyseIt: boolean) {
    const photo = await photoOf(entry)
    if (!photo?.blob) return // Removed by the seller, or stored already: nothing to send.
    if (analyseIt && (await analyse(entry, photo, photo.blob))) return
    if (!photo.serverUrl) await upload(photo, photo.blob)
  }

  /** The stored photos' URLs in the seller's order: the first is the cover. */
  async function imagesOf(draft: Draft): Promise<string[]> {
    const photos = await db.photos.bulkGet(draft.photoIds)
    return photos.flatMap((photo) => (photo?.serverUrl ? [photo.serverUrl] : []))
  }

  async function createListing(draft: Draft) {
    const input = checked(ListingInputSchema, {
      ...draft.fields,
      images: await imagesOf(draft),
      clientId: draft.id,
      aiSuggestions: draft.analysis ? storedSuggestions(draft.analysis) : null,
      // What the AI only guessed and the seller has not checked: a bulk post holds back what a marketplace would take as fact.
      guesses: (draft.guesses ?? []).filter(isListingGuess),
      ...catalogInputOf(draft),
    })
    const listing = await transport.createListing(account, input)
    await drafts.created(draft.id, listing.id)
    onListingCreated?.(draft.id, listing.id)
  }

  async function updateListing(draft: Draft, { listingId, version }: NonNullable<Draft['editOf']>) {
    const edit = checked(ListingEditSchema, { ...draft.fields, images: await imagesOf(draft), version })
    await drafts.saved(draft.id, await transport.updateListing(account, listingId, edit))
  }

  async function sendListing(entry: OutboxEntry) {
    const draft = await drafts.get(entry.draftId)
    if (!draft || draft.state === 'done') return
    if (entry.kind === 'update-listing' && draft.editOf) return updateListing(draft, draft.editOf)
    return createListing(draft)
  }

  /** The draft's barcode in the catalog; a draft sent meanwhile went without it (its listing never waits for it). */
  async function lookUpProduct(entry: OutboxEntry) {
    const draft = await drafts.get(entry.draftId)
    if (!draft?.barcode || draft.barcode.state !== 'waiting' || draft.state === 'done') return
    await drafts.productsFound(draft.id, await transport.lookUpProduct(account, draft.barcode.code))
  }

  return (entry: OutboxEntry) => {
    if (writesListing(entry.kind)) return sendListing(entry)
    if (entry.kind === 'lookup-product') return lookUpProduct(entry)
    if (entry.kind === 'create-expense') return sendExpense(entry)
    if (entry.kind === 'analyze-draft') return analyseDraft(entry)
    return sendPhoto(entry, entry.kind === 'analyze-photo')
  }
}
