// Where an analysed value came from, for the analysis (analysis.ts) and the catalog's item specifics (catalog.ts).

/**
 * Whether the model read a value in a photo (`photo`: its number, 1 for the first) or inferred it (`seen` false,
 * `photo` null). docs/product.md §12: a guess is marked on the form until the seller edits or confirms it.
 */
export interface Provenance {
  seen: boolean
  photo: number | null
}
