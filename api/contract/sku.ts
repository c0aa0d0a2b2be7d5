// A listing's SKU: its longest, and the one Snaplist makes. A module of its own so that the Dashboard's search (the
// app's start, which /auth downloads too) checks a label's SKU without bringing every listing field along.

/** The seller's SKU: as long as a marketplace's own SKU may be, so a seller's scheme carried over from one fits. */
export const SKU_MAX = 50
/** The SKU Snaplist makes for a listing saved without one (migration 0036 makes it on create, from the same rule). */
export const madeSku = (listingId: number) => `SL-${listingId}`
