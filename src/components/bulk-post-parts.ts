// A marketplace's part in posting many listings at once (decision 0064): the bulk post dialog (src/features/bulk-post)
// iterates over these, one per marketplace the seller connected, and names none; each marketplace's feature draws its
// own section (what it needs of each listing, what it asks once for all) and its own Post dialog for one listing, and
// the Dashboard (src/shell) hands them over, so no feature imports another.
import { useEffect, type ComponentType } from 'react'
import type { BulkPostAnswers } from '../../api/contract/bulk-post.ts'
import type { Listing } from '../../api/contract/listing.ts'
import type { Platform } from '../../api/contract/marketplace-paths.ts'

/** A chosen listing that stays behind on one marketplace: what it needs there, or null when the seller left it out. */
export interface BulkBehind {
  listingId: number
  title: string
  needs: string | null
}

/** What a marketplace's section says for the confirmation. */
export interface BulkPartState {
  /** Some listings are still being checked. */
  checking: boolean
  /** The chosen listings that can go there as they are, in the order chosen. */
  ready: number[]
  behind: BulkBehind[]
  /** Its answers for the whole selection (its own entry); null while one it needs is missing. */
  answers: BulkPostAnswers | null
}

export interface BulkSectionProps {
  /** The chosen listings, as the server has them. */
  listings: Listing[]
  onState: (state: BulkPartState) => void
  /** Opens the listing in this marketplace's own Post dialog. */
  onFix: (listing: Listing) => void
  /** What the seller has typed and chosen in the section, kept by the dialog while a listing's own dialog is open. */
  draft: unknown
  onDraft: (draft: unknown) => void
}

export interface BulkPostPart {
  id: Platform
  /** What the seller reads: its name. */
  name: string
  /** Checks the chosen listings for this marketplace and asks what it needs once for all. */
  Section: ComponentType<BulkSectionProps>
  /** This marketplace's dialog for one listing: what a listing that needs more gets it in, and is posted from. */
  PostDialog: ComponentType<{ listing: Listing; onClose: () => void }>
  /** Buyers can buy it there now (posted by the bulk post or since, from its own dialog). */
  isLive: (listing: Listing) => boolean
  /** Why one listing was not posted there, from the code and sentence its job recorded; reconnect: connect again. */
  refusalReason: (code: string | null, message: string | null) => { reason: string; reconnect: boolean }
}

/** Tells the dialog the section's state whenever what it says changes (not on every render: it is made anew each). */
export function useReportPart(onState: (state: BulkPartState) => void, state: BulkPartState) {
  const said = JSON.stringify(state)
  useEffect(() => onState(JSON.parse(said) as BulkPartState), [said, onState])
}

/** The section's draft (useDraft(props, { postalCode: '' })): kept by the dialog, so a listing's own dialog loses none. */
export function useDraft<T extends object>(
  { draft, onDraft }: Pick<BulkSectionProps, 'draft' | 'onDraft'>,
  initial: T,
): [T, (change: Partial<T>) => void] {
  const value = { ...initial, ...(draft as Partial<T> | undefined) }
  return [value, (change) => onDraft({ ...value, ...change })]
}
