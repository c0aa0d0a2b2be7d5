// What deleting a listing answers (DELETE /api/listings/{id}): a listing live somewhere leaves the Dashboard at once and
// is ended there before it goes (docs/decisions/0023). Apart from listing.ts so the app's first load need not carry it.
import { MARKETPLACE_PATHS, namesInWords, type Platform } from './marketplace-paths.ts'

/** What a delete of a listing live on `marketplaces` says: it leaves now and ends there before it goes. */
export const beingEndedOn = (marketplaces: readonly Platform[]) =>
  `It is being ended on ${namesInWords(marketplaces.map((marketplace) => MARKETPLACE_PATHS[marketplace].name))} first.`
