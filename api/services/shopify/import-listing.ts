// A product on the seller's store read for an import as the Snaplist listing it becomes (docs/decisions/0078): its
// title, its description as text, its vendor as Brand, its product type as Snaplist's Category (guessed from its words)
// and kept in the keywords, its tags as keywords, and its one variant's price, SKU, weight and count. A product of more
// than one variant is not taken: a Snaplist listing is one item.
import * as v from 'valibot'
import { ListingInputSchema, type ListingInput } from '../../contract/listing.ts'
import { TITLE_MAX } from '../../contract/listing-fields.ts'
import { categoryOfName, IMPORTED_DESCRIPTION_MAX, textOfHtml } from '../listings/imported-text.ts'
import type { ShopifyProduct } from './import-read.ts'

const KEYWORDS_KEPT = 30
const KEYWORD_MAX = 50
const OUNCES_PER: Record<string, number> = { OUNCES: 1, POUNDS: 16, GRAMS: 1 / 28.3495, KILOGRAMS: 35.274 }

const ouncesOf = (weight: { unit: string; value: number } | null | undefined) =>
  weight && OUNCES_PER[weight.unit] ? Math.round(weight.value * OUNCES_PER[weight.unit]!) : 0

/** The listing's fields for this product (its photos are Snaplist's copies, given), or why it cannot be one. */
export function listingOfProduct(product: ShopifyProduct, images: string[]): ListingInput | { problem: string } {
  const [variant] = product.variants.nodes
  if (!variant || (product.variantsCount?.count ?? 1) > 1)
    return { problem: 'it has several variants (a Snaplist listing is one item)' }
  if (!images.length) return { problem: 'it has no photo Snaplist could copy' }
  if ((variant.inventoryQuantity ?? 0) < 1) return { problem: 'none is left in stock' }
  const keywords = [...new Set(product.tags.map((tag) => tag.trim().slice(0, KEYWORD_MAX)).filter(Boolean))]
  const parsed = v.safeParse(ListingInputSchema, {
    title: product.title.trim().slice(0, TITLE_MAX),
    description: textOfHtml(product.descriptionHtml).slice(0, IMPORTED_DESCRIPTION_MAX),
    brand: product.vendor.trim().slice(0, 65),
    askingPrice: Math.round(Number(variant.price) * 100) / 100,
    quantity: variant.inventoryQuantity,
    category: categoryOfName(product.productType),
    color: 'multi',
    keywords: keywords.slice(0, KEYWORDS_KEPT),
    packageWeightOz: ouncesOf(variant.inventoryItem.measurement.weight),
    ...(variant.sku?.trim() ? { sku: variant.sku.trim() } : {}),
    images,
  })
  if (parsed.success) return parsed.output
  return { problem: v.summarize(parsed.issues).slice(0, 150) }
}
