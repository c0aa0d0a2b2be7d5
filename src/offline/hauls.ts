// A haul: many items photographed in a row (docs/product.md §17). It is no store of its own, only drafts that share a
// haulId, in the order of their haulPosition (docs/decisions/0018-haul-over-drafts.md): each item is an ordinary
// draft from its first photo, so the outbox, the sync engine, the Drafts panel and the create form work on it as on
// any other. What this adds: placing items, moving a photo between items, and analysing an item's photos afresh when
// they change (all of them together, docs/product.md §12).
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from '../../api/contract/photos.ts'
import { isAnalysis, type Draft, type OutboxEntry, type SnaplistDb } from './db.ts'
import type { NewPhoto } from './draft-photo-writes.ts'
import { createDraftStore } from './drafts.ts'
import { spreadCents, type SpreadBy } from '../../api/contract/spread-cents.ts'

/** Photos taken further apart than this are of different items (docs/product.md §17). */
export const ITEM_GAP_MS = 60_000
/**
 * The camera gives an item's photos one at a time, and every photo added analyses the item again (§12): its analysis
 * waits until no photo has come for this long, or the next item begins, so it reads them all once, not once a photo.
 */
export const ITEM_SETTLE_MS = 8_000

/** Splits photos into items by when they were taken: a gap of more than `gapMs`, or a full item, starts the next. */
export function groupByCaptureTime<T extends { takenAt: number }>(
  photos: T[],
  gapMs = ITEM_GAP_MS,
  perItem = MAX_IMAGES,
): T[][] {
  const items: T[][] = []
  let previous: number | undefined
  for (const photo of [...photos].sort((a, b) => a.takenAt - b.takenAt)) {
    const current = items.at(-1)
    if (!current || previous === undefined || photo.takenAt - previous > gapMs || current.length >= perItem)
      items.push([photo])
    else current.push(photo)
    previous = photo.takenAt
  }
  return items
}

/** An item's analysis is done: it has suggestions (or the AI gave up on it) and no analysis of it still waits. */
export const isAnalysed = (draft: Draft, entries: OutboxEntry[]) =>
  (draft.analysis !== undefined || draft.aiGaveUp !== undefined) &&
  !entries.some((entry) => entry.draftId === draft.id && isAnalysis(entry) && entry.status === 'pending')

/** A haul item the seller may still change: not yet handed to the outbox as a listing. */
const changeable = (draft: Draft | undefined, userId: number): draft is Draft =>
  draft?.userId === userId && draft.state === 'editing'

/** One account's hauls on this phone: drafts sharing a haulId, each write one IndexedDB transaction. */
export interface HaulStore {
  /** The haul's items (this account's drafts in it) in their order. */
  items(haulId: string): Promise<Draft[]>
  /** Adds photos to an item (its first makes it a draft at the haul's end); its analysis waits for it to settle. */
  addPhotos(haulId: string, draftId: string, photos: NewPhoto[]): Promise<void>
  /** A barcode scanned for the item being photographed (its first scan makes it an item), looked up in the catalog. */
  scanned(haulId: string, draftId: string, code: string): Promise<void>
  /** Next item: marks the haul's last item done with, so the camera starts a new one, after a reload too. */
  startNextItem(haulId: string): Promise<void>
  /** Photos from the library, already grouped: each group becomes a new item at the end of the haul. */
  addItems(haulId: string, groups: { draftId: string; photos: NewPhoto[] }[]): Promise<void>
  /** Moves a photo to another item (made at the haul's end when new), both analysed afresh; false when it may not. */
  movePhoto(photoId: string, toDraftId: string): Promise<boolean>
  /** Spreads the receipt's total over the changeable items as their Cost (evenly or by price); answers how many. */
  spreadReceipt(haulId: string, totalCents: number, by: SpreadBy): Promise<number>
  /** Create all ready: hands every editing item whose analysis is done to the outbox; answers how many. */
  submitAnalysed(haulId: string): Promise<number>
  /** Deletes a photo of a changeable item, analysing it afresh; the item goes with its last photo. */
  removePhoto(draftId: string, photoId: string): Promise<void>
}

export function createHaulStore(db: SnaplistDb, userId: number, now: () => number = Date.now): HaulStore {
  const drafts = createDraftStore(db, userId, now)

  /** The haul's items in their order. */
  const items = async (haulId: string): Promise<Draft[]> =>
    (
      await db.drafts
        .where({ haulId })
        .filter((draft) => draft.userId === userId)
        .toArray()
    ).sort((a, b) => (a.haulPosition ?? 0) - (b.haulPosition ?? 0))

  const nextPosition = async (haulId: string) => ((await items(haulId)).at(-1)?.haulPosition ?? 0) + 1

  /**
   * The analysis reads all of an item's photos: when a photo moved in or out (or was deleted), what the photos show
   * changed (the label may have been on the one that left), so the item is analysed again, all its photos together.
   * Drafts placed before analyses read every photo may still hold analyze-photo entries: those become plain uploads.
   */
  async function keepAnalysed(draftId: string) {
    const entries = await db.outbox
      .where({ draftId })
      .filter((entry) => entry.kind === 'analyze-photo')
      .toArray()
    for (const entry of entries) {
      if (entry.photoStored) await db.outbox.delete(entry.id!)
      else await db.outbox.update(entry.id!, { kind: 'upload-photo' })
    }
    await drafts.reanalyse(draftId)
  }

  /** Analyses still settling (never tried, not held for a busy AI) of the haul's other items: due now, their items are done. */
  async function releaseSettling(haulId: string, current: string) {
    const others = new Set((await items(haulId)).map((draft) => draft.id).filter((id) => id !== current))
    const stamp = now()
    await db.outbox
      .where({ userId })
      .filter(
        (entry) =>
          entry.kind === 'analyze-draft' &&
          entry.attempts === 0 &&
          !entry.lastCode &&
          entry.nextAttemptAt > stamp &&
          others.has(entry.draftId),
      )
      .modify({ nextAttemptAt: stamp })
  }

  /** An item left without photos is no item: it goes, with whatever of it waited in the outbox. */
  async function dropIfEmpty(draftId: string) {
    const draft = await db.drafts.get(draftId)
    if (draft && draft.photoIds.length === 0) await drafts.discard(draftId)
  }

  /** The haul's item the camera adds to, or undefined before its first photo or scan; refused once handed over. */
  async function openItem(draftId: string): Promise<Draft | undefined> {
    const existing = await db.drafts.get(draftId)
    if (existing && !changeable(existing, userId))
      throw new Error('This item is already being created: start the next item.')
    return existing
  }

  const tables = [db.drafts, db.photos, db.outbox] as const

  return {
    items,

    /** Adds photos to an item of the haul; its first photo makes it a draft, placed after the haul's other items. */
    addPhotos: (haulId: string, draftId: string, photos: NewPhoto[]) =>
      db.transaction('rw', tables, async () => {
        const existing = await openItem(draftId)
        if ((existing?.photoIds.length ?? 0) + photos.length > MAX_IMAGES) throw new Error(MAX_IMAGES_MESSAGE)
        await drafts.addPhotos(draftId, photos, {
          haulId,
          position: existing?.haulPosition ?? (await nextPosition(haulId)),
        })
        // Photos added to the item the seller had moved on from (picked again in the strip): it is the current one again.
        if (existing?.nextItemStarted) await db.drafts.update(draftId, { nextItemStarted: false })
        const settled = now() + ITEM_SETTLE_MS
        await db.outbox
          .where({ draftId })
          .filter((entry) => entry.kind === 'analyze-draft' && entry.attempts === 0)
          .modify((entry) => void (entry.nextAttemptAt = Math.max(entry.nextAttemptAt, settled)))
        if (!existing) await releaseSettling(haulId, draftId)
      }),

    /**
     * A barcode scanned in the aisle belongs to the item being photographed: its first scan (before any photo) makes it
     * an item of the haul, and the code is looked up in the product catalog as on New Listing.
     */
    scanned: (haulId: string, draftId: string, code: string) =>
      db.transaction('rw', tables, async () => {
        const existing = await openItem(draftId)
        if (!existing) {
          await drafts.ensure(draftId, { haulId, position: await nextPosition(haulId) })
          await releaseSettling(haulId, draftId)
        }
        await drafts.scanned(draftId, code)
      }),

    /** Next item: the haul's last item is done with, so the camera starts a new one, after a reload too. */
    startNextItem: async (haulId: string) => {
      const last = (await items(haulId)).at(-1)
      if (changeable(last, userId)) await db.drafts.update(last.id, { nextItemStarted: true })
    },

    /** Photos from the library, already grouped into items: each group becomes a new item at the end of the haul. */
    addItems: (haulId: string, groups: { draftId: string; photos: NewPhoto[] }[]) =>
      db.transaction('rw', tables, async () => {
        let position = await nextPosition(haulId)
        for (const group of groups)
          await drafts.addPhotos(group.draftId, group.photos, { haulId, position: position++ })
      }),

    /** Moves a photo to another item (`toDraftId`, made at the end of the haul when new); false when it may not move. */
    movePhoto: (photoId: string, toDraftId: string) =>
      db.transaction('rw', tables, async (): Promise<boolean> => {
        const photo = await db.photos.get(photoId)
        const from = photo && (await db.drafts.get(photo.draftId))
        const target = await db.drafts.get(toDraftId)
        if (!photo || !changeable(from, userId) || from.haulId === undefined || from.id === toDraftId) return false
        if (
          target &&
          (!changeable(target, userId) || target.haulId !== from.haulId || target.photoIds.length >= MAX_IMAGES)
        )
          return false
        const to =
          target ?? (await drafts.ensure(toDraftId, { haulId: from.haulId, position: await nextPosition(from.haulId) }))
        await db.photos.update(photoId, { draftId: toDraftId })
        await db.outbox
          .where({ draftId: from.id })
          .filter((entry) => entry.photoId === photoId)
          .modify({ draftId: toDraftId })
        await db.drafts.update(from.id, { photoIds: from.photoIds.filter((id) => id !== photoId), updatedAt: now() })
        await db.drafts.update(toDraftId, { photoIds: [...to.photoIds, photoId], updatedAt: now() })
        await keepAnalysed(from.id)
        await keepAnalysed(toDraftId)
        await dropIfEmpty(from.id)
        return true
      }),

    /**
     * The receipt's total spread over the items still to be listed, as their Cost (the seller's own value, changeable
     * item by item after): evenly, or by their asking prices (an item without one counts none). Answers how many.
     */
    spreadReceipt: (haulId: string, totalCents: number, by: SpreadBy) =>
      db.transaction('rw', db.drafts, async () => {
        const open = (await items(haulId)).filter((draft) => changeable(draft, userId))
        const weights = open.map((draft) => (by === 'evenly' ? 1 : Number(draft.fields.askingPrice) || 0))
        const shares = spreadCents(totalCents, weights)
        for (const [index, draft] of open.entries())
          await drafts.editFields(draft.id, { cost: (shares[index]! / 100).toFixed(2) })
        return open.length
      }),

    /**
     * Create all ready: every item whose suggestions are in is handed to the outbox as the AI filled it, without a
     * review each; answers how many. One the server refuses waits under Drafts with its reason, as any draft.
     */
    submitAnalysed: (haulId: string) =>
      db.transaction('rw', tables, async () => {
        const entries = await db.outbox.where({ userId }).toArray()
        const ready = (await items(haulId)).filter((draft) => draft.state === 'editing' && isAnalysed(draft, entries))
        for (const draft of ready) await drafts.submit(draft.id)
        return ready.length
      }),

    /** Deletes a photo of an item; the item goes with its last photo. */
    removePhoto: (draftId: string, photoId: string) =>
      db.transaction('rw', tables, async () => {
        if (!changeable(await db.drafts.get(draftId), userId)) return
        await drafts.removePhoto(draftId, photoId)
        await keepAnalysed(draftId)
        await dropIfEmpty(draftId)
      }),
  }
}
