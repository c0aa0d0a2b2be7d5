// A Snaplist listing as Shopify's productSet takes it (Admin API 2026-10, ProductSetInput): the title within Shopify's
// 255 characters, the description as HTML (escaped, its line breaks kept), the brand as vendor, the category as
// product type (its label, as the seller reads it), the keywords as tags, the photos as files, and one "Default Title" variant with the price, the SKU,
// the package weight and the quantity tracked at the store's location.
import { listedPrice, type Listing } from '../../contract/listing.ts'
import { titleWithinLimit } from '../../contract/listing-fields.ts'
import { marketplaceDescriptionHtml } from '../../contract/measurements.ts'
import { CATEGORIES, labelOf } from '../../contract/options.ts'
import { madeSku } from '../../contract/sku.ts'

const SHOPIFY_TITLE_MAX = 255
const SHOPIFY_TAG_MAX = 255
const SHOPIFY_TAGS_MAX = 250
// A product without options still has one: Shopify's own name for the single variant's.
const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' }

export interface ShopifyProductPlan {
  /** The store's location (gid://shopify/Location/…) where the quantity is tracked. */
  locationId: string
  /** The photos at addresses Shopify can fetch, in the listing's order. */
  photoUrls: readonly string[]
  status: 'ACTIVE' | 'DRAFT'
  /**
   * When revising: the product's variant (gid://shopify/ProductVariant/…). Its quantity is then left alone: it is set
   * with inventorySetQuantities' compare-and-set (inventory.ts), never overwritten by a revision.
   */
  variantId?: string
}

/** The keywords as Shopify tags: a comma would split one, so it becomes a space; each once, whatever its case. */
export function shopifyTags(keywords: readonly string[] | null): string[] {
  const seen = new Set<string>()
  const tags: string[] = []
  for (const keyword of keywords ?? []) {
    const tag = keyword.replace(/,/g, ' ').replace(/\s+/g, ' ').trim().slice(0, SHOPIFY_TAG_MAX)
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase())
      tags.push(tag)
    }
  }
  return tags.slice(0, SHOPIFY_TAGS_MAX)
}

/** The SKU Shopify gets: the seller's, else the one Snaplist makes. */
export const shopifySku = (listing: Pick<Listing, 'id' | 'sku'>) => listing.sku || madeSku(listing.id)

export function productSetInput(listing: Listing, plan: ShopifyProductPlan) {
  return {
    title: titleWithinLimit(listing.title, SHOPIFY_TITLE_MAX),
    descriptionHtml: marketplaceDescriptionHtml(listing),
    vendor: listing.brand,
    productType: labelOf(CATEGORIES, listing.category),
    tags: shopifyTags(listing.keywords),
    status: plan.status,
    files: plan.photoUrls.map((url) => ({ originalSource: url, contentType: 'IMAGE' })),
    productOptions: [{ name: DEFAULT_OPTION.name, values: [{ name: DEFAULT_OPTION.value }] }],
    variants: [
      {
        ...(plan.variantId ? { id: plan.variantId } : {}),
        optionValues: [{ optionName: DEFAULT_OPTION.name, name: DEFAULT_OPTION.value }],
        price: listedPrice(listing).value.toFixed(2),
        sku: shopifySku(listing),
        inventoryPolicy: 'DENY',
        inventoryItem: {
          tracked: true,
          ...(listing.packageWeightOz > 0
            ? { measurement: { weight: { unit: 'OUNCES', value: listing.packageWeightOz } } }
            : {}),
        },
        ...(plan.variantId
          ? {}
          : { inventoryQuantities: [{ locationId: plan.locationId, name: 'available', quantity: listing.quantity }] }),
      },
    ],
  }
}

export type ShopifyProductSetInput = ReturnType<typeof productSetInput>
