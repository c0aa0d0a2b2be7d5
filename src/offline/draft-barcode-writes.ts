// The draft store's writes for a barcode (docs/decisions/0046): the code scanned or typed, queued to be looked up in
// the product catalog (now, or when the phone is back online), and what the catalog answered: one product fills the draft,
// several wait for the seller's pick. Each is one IndexedDB transaction.
import type { StoredImage } from '../../api/contract/analysis.ts'
import type { CatalogProduct, ProductLookup } from '../../api/contract/catalog.ts'
import { filledByProduct } from './catalog-fills.ts'
import type { Draft } from './db.ts'
import { outboxEntry, type DraftRecords } from './draft-records.ts'

export function draftBarcodeWrites({ db, userId, now, own, ensureDraft }: DraftRecords) {
  /** The product fills the draft, and is the one the draft names. */
  const fill = (draft: Draft, product: CatalogProduct): Partial<Draft> => ({
    ...filledByProduct(draft, product, draft.barcode?.market),
    barcode: { ...draft.barcode!, picked: product },
  })

  return {
    /** A barcode scanned or typed: the draft's from now on, and looked up once (a code looked up before is again). */
    scanned: (draftId: string, code: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await ensureDraft(draftId)
        await db.outbox
          .where({ draftId })
          .filter((entry) => entry.kind === 'lookup-product')
          .delete()
        await db.drafts.update(draftId, {
          fields: { ...draft.fields, gtin: code },
          edited: [...new Set([...draft.edited, 'gtin' as const])],
          barcode: { code, state: 'waiting' },
          updatedAt: now(),
        })
        await db.outbox.add(outboxEntry(userId, draftId, 'lookup-product', now()))
      }),

    /** The catalog's answer for the draft's code: its only product fills the draft; several wait for the seller. */
    productsFound: (draftId: string, lookup: ProductLookup) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(draftId)
        if (!draft || draft.barcode?.code !== lookup.gtin) return
        const found: Draft = {
          ...draft,
          barcode: { code: lookup.gtin, state: 'found', products: lookup.products, market: lookup.market },
        }
        const [only, ...others] = lookup.products
        await db.drafts.update(draftId, {
          barcode: found.barcode,
          ...(only && others.length === 0 ? fill(found, only) : {}),
          updatedAt: now(),
        })
      }),

    /** The catalog's stock photo of the picked product, stored on the server at the seller's choice, after their own photos. */
    addStockPhoto: (draftId: string, photo: StoredImage) =>
      db.transaction('rw', db.drafts, db.photos, async () => {
        const draft = await own(draftId)
        if (!draft || draft.photoIds.includes(photo.id)) return
        const { id, width, height, imageUrl: serverUrl } = photo
        await db.photos.add({ id, draftId, userId, createdAt: now(), width, height, serverUrl })
        await db.drafts.update(draftId, { photoIds: [...draft.photoIds, id], updatedAt: now() })
      }),

    /** The seller picked one of the products the code names. */
    pickProduct: (draftId: string, epid: string) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(draftId)
        const product = draft?.barcode?.products?.find((candidate) => candidate.epid === epid)
        if (!draft || !product) return
        await db.drafts.update(draftId, { ...fill(draft, product), updatedAt: now() })
      }),
  }
}
