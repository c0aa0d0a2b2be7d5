// What the catalog said for a draft's barcode, in a sentence (docs/decisions/0046): the form's Barcode section and
// the haul's camera screen say it alike.
import { CATALOG_NAME, CATALOG_NOT_CONNECTED } from '../../../api/contract/catalog.ts'
import type { DraftView } from './useDrafts.ts'

/** What the catalog said for the draft's code, in a sentence; null while there is nothing to say. */
export function barcodeStatus(view: Pick<DraftView, 'draft' | 'entries'>, online: boolean): string | null {
  const barcode = view.draft.barcode
  if (!barcode) return null
  const { code } = barcode
  if (barcode.state === 'refused')
    return barcode.refusal === CATALOG_NOT_CONNECTED
      ? `Connect your ${CATALOG_NAME} account (on the Dashboard) to look up barcodes. The photos fill in the listing meanwhile.`
      : `${CATALOG_NAME}’s catalog could not look up ${code}: the photos fill in the listing.`
  if (barcode.state === 'waiting') {
    if (!online) return `Barcode ${code} saved: it is looked up in ${CATALOG_NAME}’s catalog when you are back online.`
    const lookup = view.entries.find((entry) => entry.kind === 'lookup-product')
    // The seller's (or the server's) lookups limit: its words say how long; the phone asks again by itself then.
    if (lookup?.lastCode === 'lookup_limit_reached' && lookup.lastError)
      return `${lookup.lastError} Barcode ${code} is looked up again by itself then; the photos fill in the listing meanwhile.`
    const retrying = (lookup?.attempts ?? 0) > 0
    return retrying
      ? `${CATALOG_NAME}’s catalog did not answer for ${code}: trying again shortly.`
      : `Looking up ${code} in ${CATALOG_NAME}’s catalog…`
  }
  const count = barcode.products?.length ?? 0
  if (barcode.picked) return `Filled from ${CATALOG_NAME}’s catalog: ${barcode.picked.title}`
  if (count === 0) return `${CATALOG_NAME}’s catalog has no product for ${code}: the photos fill in the listing.`
  return `${CATALOG_NAME}’s catalog has ${count} products for ${code}. Which one is yours?`
}
