// Everything that changes a draft: the editor, the share target and the sync engine all go through here, each
// change one IndexedDB transaction, so a crash or a closed tab never leaves half of one behind. A store acts for one
// account: it makes that account's drafts and treats another account's (a shared phone) as if they were not there.
// The store's parts each do one job: its records (draft-records.ts), a draft's values (draft-field-writes.ts), its
// photos (draft-photo-writes.ts), its barcode (draft-barcode-writes.ts), a draft from a listing (draft-from-listing.ts),
// sending it (draft-sending.ts), and the account as a whole (draft-account.ts).
import type { SnaplistDb } from './db.ts'
import { draftAccount } from './draft-account.ts'
import { draftBarcodeWrites } from './draft-barcode-writes.ts'
import { draftFieldWrites } from './draft-field-writes.ts'
import { draftFromListing } from './draft-from-listing.ts'
import { draftPhotoWrites } from './draft-photo-writes.ts'
import { draftRecords } from './draft-records.ts'
import { draftSending } from './draft-sending.ts'

export function createDraftStore(db: SnaplistDb, userId: number, now: () => number = Date.now) {
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

export type DraftStore = ReturnType<typeof createDraftStore>
