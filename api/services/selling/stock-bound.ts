// What a marketplace may be told it can sell of a listing (decisions 0030, 0033). No marketplace has a "take one off":
// a write sets the count, and the marketplace lowers its count by itself when a piece sells, so a count read there and
// written back loses any sale landing between the read and the write. So no write sends more than both bounds
// Snaplist has, plus the seller's own change; the sales of the minutes around the write are read after it.

/**
 * The count a revision sends to a marketplace: its count (`counted`, which already lacks the pieces sold there that
 * Snaplist has not read) and what it last got less the sales Snaplist applied since (`sent`, which lacks no sale it
 * overwrote) are both at least what is left; the smaller one, plus the seller's own change (`listingQuantity - sent`,
 * which a sale elsewhere makes negative). Only a seller's raise raises it. Without a count there (no item) nothing can
 * sell, and the listing's count goes.
 */
export function quantityToSend(listingQuantity: number, sent: number | null, counted: number | undefined): number {
  if (counted === undefined) return listingQuantity
  const last = sent ?? listingQuantity
  return Math.max(0, Math.min(counted, last) + listingQuantity - last)
}
