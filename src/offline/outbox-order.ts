// Which outbox entries may run now: a draft's entries go in order (its photos, then their analysis together, before
// its listing), and a listing never waits for an AI that is busy. Pure: the sender asks these on every turn.
import { isAnalysis, writesListing, type OutboxEntry } from './db.ts'

/** Only the analysis waits: the photos are stored, so neither the listing nor anything else waits for it. */
export const onlyAnalysisWaits = (entry: OutboxEntry) => isAnalysis(entry) && entry.photoStored === true

/**
 * An entry the listing does not wait for: an analysis waiting for a busy AI, or a barcode's lookup that failed once
 * (the catalog busy or down). Its first try goes before the listing, so a code scanned offline fills the draft it was scanned
 * for once the phone is back online.
 */
export const listingGoesAhead = (entry: OutboxEntry) =>
  onlyAnalysisWaits(entry) || (entry.kind === 'lookup-product' && entry.attempts > 0)

/**
 * Entries whose turn it is: not refused; a listing once its photos are stored (an analysis waiting for a busy AI does
 * not hold it up); an analysis that only waits for the AI after its draft's listing, so its answer never races the
 * create (it then fills what the listing left empty).
 */
export function unblocked(entries: OutboxEntry[]): OutboxEntry[] {
  const draftsOf = (match: (entry: OutboxEntry) => boolean) =>
    new Set(entries.filter(match).map((entry) => entry.draftId))
  const parkedDrafts = draftsOf((entry) => entry.status === 'parked')
  const creating = draftsOf((entry) => writesListing(entry.kind))
  const storing = draftsOf((entry) => !writesListing(entry.kind) && !listingGoesAhead(entry))
  const uploading = draftsOf((entry) => entry.kind === 'upload-photo' || entry.kind === 'analyze-photo')
  return entries.filter((entry) => {
    if (entry.status !== 'pending' || parkedDrafts.has(entry.draftId)) return false
    if (writesListing(entry.kind)) return !storing.has(entry.draftId)
    // The draft's analysis reads all of its photos: it waits until they are all on the server.
    if (entry.kind === 'analyze-draft' && uploading.has(entry.draftId)) return false
    return !(listingGoesAhead(entry) && creating.has(entry.draftId))
  })
}

/** Due at `now` and not running; a listing also waits while anything of its draft runs (an analysis may fill it). */
export function runnable(entries: OutboxEntry[], inFlight: Set<number>, now: number) {
  const runningDrafts = new Set(entries.filter((entry) => inFlight.has(entry.id!)).map((entry) => entry.draftId))
  return unblocked(entries).filter(
    (entry) =>
      !inFlight.has(entry.id!) &&
      entry.nextAttemptAt <= now &&
      (!writesListing(entry.kind) || !runningDrafts.has(entry.draftId)),
  )
}
