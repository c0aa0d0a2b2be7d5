// What eBay's Inventory API is sent for a listing: the inventory item and the offer, each a full replacement, built the
// same way when publishing and when revising a listing already on eBay.
import type { EbayCondition } from '../../contract/ebay-publish.ts'
import { gtinKind } from '../../contract/gtin.ts'
import { listedPrice, type Listing } from '../../contract/listing.ts'
import { marketplaceDescriptionHtml } from '../../contract/measurements.ts'
import type { BusinessPolicies } from './policies.ts'

/** The inventory item for the listing: a full replacement, so every field, every time. */
export function inventoryItemBody(
  listing: Listing,
  imageUrls: string[],
  condition: { value: EbayCondition; description: string },
  aspects: Record<string, string[]>,
) {
  const product = {
    title: listing.title,
    description: marketplaceDescriptionHtml(listing),
    imageUrls,
    aspects,
    ...(listing.brand ? { brand: listing.brand } : {}),
    ...productIdsOf(listing),
  }
  return {
    availability: { shipToLocationAvailability: { quantity: listing.quantity } },
    condition: condition.value,
    ...(condition.description ? { conditionDescription: condition.description } : {}),
    ...packageOf(listing),
    product,
  }
}

/**
 * The product's barcode under the name eBay gives its kind (upc, ean or isbn), and the catalog product the seller picked
 * for it (epid): eBay then fills in the catalog's details of the product.
 */
function productIdsOf(listing: Listing) {
  return {
    ...(listing.gtin ? { [gtinKind(listing.gtin)]: [listing.gtin] } : {}),
    ...(listing.ebayProductId ? { epid: listing.ebayProductId } : {}),
  }
}

/**
 * The parcel as eBay's PackageWeightAndSize takes it: what the seller gave of it (0 is not given), so eBay's calculated
 * shipping can price it.
 */
function packageOf(listing: Listing) {
  const { packageWeightOz, packageLength, packageWidth, packageHeight } = listing
  const sized = packageLength > 0 && packageWidth > 0 && packageHeight > 0
  if (packageWeightOz === 0 && !sized) return {}
  return {
    packageWeightAndSize: {
      ...(sized
        ? { dimensions: { length: packageLength, width: packageWidth, height: packageHeight, unit: 'INCH' } }
        : {}),
      ...(packageWeightOz > 0 ? { weight: { value: packageWeightOz, unit: 'OUNCE' } } : {}),
    },
  }
}

/** The offer's details (without the SKU, marketplace and format that only its creation sends). */
export function offerDetails(listing: Listing, categoryId: string, policies: BusinessPolicies, locationKey: string) {
  return {
    availableQuantity: listing.quantity,
    categoryId,
    listingDescription: marketplaceDescriptionHtml(listing),
    listingDuration: 'GTC',
    listingPolicies: policies,
    pricingSummary: { price: { value: listedPrice(listing).value.toFixed(2), currency: 'USD' } },
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
