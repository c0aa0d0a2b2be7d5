// What eBay's Inventory API is sent for a listing: the inventory item and the offer, each a full replacement, built the
// same way when publishing and when revising a listing already on eBay.
import { escapeHtml } from '../../contract/email-template.ts'
import type { EbayCondition } from '../../contract/ebay-publish.ts'
import { priceForEbay, type Listing } from '../../contract/listing.ts'
import type { BusinessPolicies } from './policies.ts'

const descriptionHtml = (listing: Listing) => escapeHtml(listing.description || listing.title).replace(/\r?\n/g, '<br>')

/** The inventory item for the listing: a full replacement, so every field, every time. */
export function inventoryItemBody(
  listing: Listing,
  imageUrls: string[],
  condition: { value: EbayCondition; description: string },
  aspects: Record<string, string[]>,
) {
  const product = {
    title: listing.title,
    description: descriptionHtml(listing),
    imageUrls,
    aspects,
    ...(listing.brand ? { brand: listing.brand } : {}),
  }
  return {
    availability: { shipToLocationAvailability: { quantity: listing.quantity } },
    condition: condition.value,
    ...(condition.description ? { conditionDescription: condition.description } : {}),
    product,
  }
}

/** The offer's details (without the SKU, marketplace and format that only its creation sends). */
export function offerDetails(listing: Listing, categoryId: string, policies: BusinessPolicies, locationKey: string) {
  return {
    availableQuantity: listing.quantity,
    categoryId,
    listingDescription: descriptionHtml(listing),
    listingDuration: 'GTC',
    listingPolicies: policies,
    pricingSummary: { price: { value: priceForEbay(listing).value.toFixed(2), currency: 'USD' } },
    merchantLocationKey: locationKey,
  }
}

/** The two bodies of a revision: the inventory item (PUT inventory_item/{sku}) and the offer (PUT offer/{offerId}). */
export interface EbayRevisionBodies {
  sku: string
  item: Record<string, unknown>
  offerId: string
  offer: Record<string, unknown>
}
