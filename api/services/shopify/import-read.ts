// A page of the store's products for an import (docs/decisions/0078): products by id with a cursor, 25 a page (each
// with its first variant and as many images as a listing holds, well inside Shopify's 1,000 single-query cost), read as what the import uses.
import * as v from 'valibot'
import { MAX_IMAGES } from '../../contract/photos.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'

export const PRODUCTS_PAGE = 25
const PRODUCTS = `query SnaplistImportProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes {
      id title handle descriptionHtml vendor productType tags status onlineStoreUrl
      variantsCount { count }
      variants(first: 1) {
        nodes { id price sku inventoryQuantity inventoryItem { id measurement { weight { unit value } } } }
      }
      media(first: ${MAX_IMAGES}) { nodes { ... on MediaImage { image { url } } } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`

const WeightSchema = v.nullish(v.object({ unit: v.string(), value: v.number() }))
const ProductSchema = v.object({
  id: v.string(),
  title: v.string(),
  handle: v.string(),
  descriptionHtml: v.string(),
  vendor: v.string(),
  productType: v.string(),
  tags: v.array(v.string()),
  status: v.string(),
  onlineStoreUrl: v.nullable(v.string()),
  variantsCount: v.nullable(v.object({ count: v.number() })),
  variants: v.object({
    nodes: v.array(
      v.object({
        id: v.string(),
        price: v.string(),
        sku: v.nullable(v.string()),
        inventoryQuantity: v.nullable(v.number()),
        inventoryItem: v.object({ id: v.string(), measurement: v.object({ weight: WeightSchema }) }),
      }),
    ),
  }),
  media: v.object({ nodes: v.array(v.object({ image: v.nullish(v.object({ url: v.string() })) })) }),
})
const ProductsSchema = v.object({
  products: v.object({
    nodes: v.array(ProductSchema),
    pageInfo: v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) }),
  }),
})

export type ShopifyProduct = v.InferOutput<typeof ProductSchema>

export interface ProductsPage {
  products: ShopifyProduct[]
  /** The cursor of the next page; null after the last. */
  next: string | null
}

/** The page of products after `cursor` (the first page for null). */
export async function readProductsPage(
  admin: ShopifyAdmin,
  store: ShopifyStore,
  cursor: string | null,
): Promise<ProductsPage> {
  const { products } = await admin.request(store, {
    what: 'products',
    document: PRODUCTS,
    variables: { first: PRODUCTS_PAGE, after: cursor },
    schema: ProductsSchema,
  })
  const next = products.pageInfo.hasNextPage ? products.pageInfo.endCursor : null
  return { products: products.nodes, next }
}

const COUNT = `query SnaplistImportCount { productsCount { count } }`
const CountSchema = v.object({ productsCount: v.nullable(v.object({ count: v.number() })) })

/** How many products the store has (Shopify counts up to 10,000, an import's bound too); null when it does not say. */
export async function countProducts(admin: ShopifyAdmin, store: ShopifyStore): Promise<number | null> {
  const { productsCount } = await admin.request(store, { what: 'productsCount', document: COUNT, schema: CountSchema })
  return productsCount?.count ?? null
}

/** The product's image addresses, in the store's order. */
export const imageUrlsOf = (product: ShopifyProduct) =>
  product.media.nodes.flatMap((media) => (media.image ? [media.image.url] : []))
