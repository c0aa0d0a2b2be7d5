// A barcode looked up in eBay's catalog (Catalog API, issue 33, docs/decisions/0046): product_summary/search by GTIN,
// then each product in full (getProduct) for its category and item specifics, and the category's name from Taxonomy.
// The catalog answers sellers' tokens only (scope sell.inventory, which every connection has). A code's products are
// the same for every seller, so they are kept some hours in ebay_lookup_cache, as the analysis's lookups are; the
// market for the code (Browse by GTIN) is asked as the app. A market eBay cannot give now leaves it out: never the
// products. A product's stock photo is copied in as the seller's photo only when they ask, marked as a stock photo.
import * as v from 'valibot'
import type { MarketPrices, StoredImage } from '../../contract/analysis.ts'
import {
  MAX_CATALOG_PRODUCTS,
  type CatalogProduct,
  type ProductLookup,
} from '../../contract/ebay/ebay-product-lookup.ts'
import type { Sql } from '../../db/client.ts'
import * as cache from '../../db/ebay-lookup-cache.ts'
import * as images from '../../db/images.ts'
import { hasWorkingGrant } from '../../db/marketplace-connections.ts'
import { AppError, notFound } from '../../errors.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { EBAY_LOOKUP_MAX_AGE_MS, type EbayLookups } from './lookups.ts'
import type { PictureCopy } from '../listings/picture-copy.ts'
import { readReply, type EbaySellClient } from './sell-api.ts'
import type { EbayTaxonomy } from './taxonomy.ts'

const CATALOG = '/commerce/catalog/v1_beta'

const AspectsSchema = v.optional(
  v.array(v.object({ localizedName: v.string(), localizedValues: v.optional(v.array(v.string()), []) })),
  [],
)
const ImageSchema = v.optional(v.object({ imageUrl: v.optional(v.string()) }))
const SearchReplySchema = v.object({
  productSummaries: v.optional(v.array(v.object({ epid: v.optional(v.string()) })), []),
})
const ProductSchema = v.object({
  epid: v.string(),
  title: v.optional(v.string(), ''),
  brand: v.optional(v.string(), ''),
  aspects: AspectsSchema,
  image: ImageSchema,
  primaryCategoryId: v.optional(v.string()),
})

const notConnected = () =>
  new AppError(409, 'ebay_not_connected', 'Connect your eBay account to look up barcodes in eBay’s catalog.')

export interface EbayCatalogDeps {
  sql: Sql
  sell: EbaySellClient
  taxonomy: EbayTaxonomy
  connectionService: MarketplaceConnectionService
  /** The app's lookups, for the market by code; absent when eBay's app keys are not set. */
  lookups: EbayLookups | undefined
  /** Copies eBay's pictures in as the seller's photos (a stock photo the seller takes). */
  copyPicture: PictureCopy
  /** eBay's picture host: a stock photo is offered only from there, the one place it can be copied from. */
  picturesOrigin: string
  /** A lookup that asks eBay (the catalog, or the market) counts once on the install's lookup limit (issue 46 G3). */
  limits: LookupLimiter
}

export interface EbayCatalog {
  lookUp(userId: number, gtin: string): Promise<ProductLookup>
  /**
   * eBay's stock photo of one of the code's products, copied in as the seller's photo at their choice, marked as a
   * stock photo (a used item never goes to eBay with stock photos alone).
   */
  stockPhoto(userId: number, gtin: string, epid: string): Promise<StoredImage>
}

export function createEbayCatalog(deps: EbayCatalogDeps): EbayCatalog {
  const { sql, sell, taxonomy, connectionService, lookups, copyPicture, picturesOrigin, limits } = deps
  /** Counts one request on the install's limit, the first time any of its parts asks eBay. */
  const askingOnce = () => {
    let counted: Promise<void> | undefined
    return () => (counted ??= limits.asking('ebay'))
  }

  /** eBay's stock photo, offered only from eBay's picture host. */
  const offeredStockPhoto = (image: v.InferOutput<typeof ImageSchema>) =>
    image?.imageUrl && URL.canParse(image.imageUrl) && new URL(image.imageUrl).origin === picturesOrigin
      ? image.imageUrl
      : null

  /** One product in full, with its category's name (a category eBay no longer has is left out). */
  async function productOf(token: string, epid: string): Promise<CatalogProduct> {
    const reply = await sell.send(token, { method: 'GET', path: `${CATALOG}/product/${encodeURIComponent(epid)}` })
    const product = readReply(ProductSchema, reply)
    const category = product.primaryCategoryId
      ? await taxonomy.leafCategory(token, product.primaryCategoryId).catch(() => null)
      : null
    const aspects = Object.fromEntries(
      product.aspects.flatMap((aspect) =>
        aspect.localizedValues[0] ? [[aspect.localizedName, aspect.localizedValues[0]]] : [],
      ),
    )
    return {
      epid: product.epid,
      title: product.title,
      brand: product.brand || (aspects.Brand ?? ''),
      category,
      aspects,
      stockPhotoUrl: offeredStockPhoto(product.image),
    }
  }

  /** The products eBay's catalog has for the code (none: eBay answers 204, or no summaries). */
  async function productsFor(token: string, gtin: string): Promise<CatalogProduct[]> {
    const query = new URLSearchParams({ gtin, limit: String(MAX_CATALOG_PRODUCTS) })
    const reply = await sell.send(token, { method: 'GET', path: `${CATALOG}/product_summary/search?${query}` })
    if (reply.status === 204) return []
    const epids = readReply(SearchReplySchema, reply).productSummaries.flatMap((summary) =>
      summary.epid ? [summary.epid] : [],
    )
    return Promise.all(epids.slice(0, MAX_CATALOG_PRODUCTS).map((epid) => productOf(token, epid)))
  }

  /** What the same code sells for on eBay now; null when eBay's market cannot be asked (it never stops a lookup). */
  async function marketFor(
    gtin: string,
    products: CatalogProduct[],
    asking: () => Promise<void>,
  ): Promise<MarketPrices | null> {
    if (!lookups) return null
    try {
      return await lookups.marketByGtin(gtin, products[0]?.category?.id, asking)
    } catch (error) {
      console.warn(`[ebay] the market for a barcode could not be read: ${(error as Error).message}`)
      return null
    }
  }

  /** The code's products, kept from an earlier lookup or asked of eBay (then kept). */
  async function productsOf(userId: number, gtin: string, asking: () => Promise<void>): Promise<CatalogProduct[]> {
    if (!(await hasWorkingGrant(sql, userId, 'ebay'))) throw notConnected()
    const found = await cache.findLookup<{ products: CatalogProduct[] }>(
      sql,
      'catalog_product',
      gtin,
      EBAY_LOOKUP_MAX_AGE_MS,
    )
    if (found) return found.products
    const products = await connectionService.call(userId, 'ebay', async (token) => {
      await asking()
      return productsFor(token, gtin)
    })
    await cache.saveLookup(sql, 'catalog_product', gtin, { products })
    return products
  }

  return {
    async lookUp(userId: number, gtin: string): Promise<ProductLookup> {
      const asking = askingOnce()
      const products = await productsOf(userId, gtin, asking)
      return { gtin, products, market: await marketFor(gtin, products, asking) }
    },

    async stockPhoto(userId: number, gtin: string, epid: string): Promise<StoredImage> {
      const product = (await productsOf(userId, gtin, askingOnce())).find((candidate) => candidate.epid === epid)
      if (!product?.stockPhotoUrl) throw notFound('eBay’s catalog has no stock photo of this product.')
      const photo = await copyPicture(userId, product.stockPhotoUrl)
      if (!photo) throw new AppError(502, 'ebay_unavailable', 'eBay’s stock photo could not be copied. Try again.')
      await images.markStockPhoto(sql, userId, photo.id, epid)
      return photo
    },
  }
}
