// What the eBay stand-in adds for barcodes (issue 33): the Catalog API's product_summary/search and getProduct, typed by
// eBay's own contract for it (the MIT package ebay-api ships types generated from commerce_catalog_v1_beta_oas3: query
// parameters, the marketplace header, Product and ProductSearchResponse). As eBay does, the catalog answers a seller's
// token only (scope sell.inventory), a search needs one of q, gtin, mpn or category_ids, and a code with no product
// answers 204 with no body. The busy, down and late modes of ebay-sell.ts apply to it too (mounted after it).
import type { components, operations } from 'ebay-api/lib/types/restful/specs/commerce_catalog_v1_beta_oas3.js'
import { Hono, type Context } from 'hono'
import { FAKE_CATALOG, productsWithGtin, type CatalogProductRecord } from './ebay-catalog-products.ts'
import { restError, type BearerToken } from './ebay-sell.ts'

type SearchQuery = NonNullable<operations['search']['parameters']['query']>
type SearchReply = components['schemas']['ProductSearchResponse']
type Product = components['schemas']['Product']

const CATALOG = '/commerce/catalog/v1_beta'
const INVENTORY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
]
const SEARCH_PARAMETERS: readonly (keyof SearchQuery)[] = [
  'aspect_filter',
  'category_ids',
  'fieldgroups',
  'gtin',
  'limit',
  'mpn',
  'offset',
  'q',
]

/** The stock photo at the stand-in's own picture host (the record keeps its path). */
const imageAt = (origin: string, image: Product['image']) =>
  image?.imageUrl ? { image: { ...image, imageUrl: `${origin}${image.imageUrl}` } } : {}

/** The product as getProduct answers it (its GTINs as the record lists them). */
const productOf = ({ gtin, image, ...product }: CatalogProductRecord, origin: string): Product => ({
  ...product,
  gtin,
  ...imageAt(origin, image),
  productWebUrl: `https://www.ebay.com/p/${product.epid}`,
})

export function catalogRoutes(bearer: BearerToken) {
  function refused(c: Context): Response | undefined {
    const token = bearer(c)
    if (!token)
      return restError(c, 401, 1001, 'Invalid access token. Check the value of the Authorization HTTP request header.')
    if (!token.scopes.some((scope) => INVENTORY_SCOPES.includes(scope)))
      return restError(c, 403, 1100, 'Access denied. Insufficient permissions to fulfill the request.')
    const marketplace = c.req.header('x-ebay-c-marketplace-id')
    if (marketplace !== undefined && marketplace !== 'EBAY_US')
      return restError(c, 400, 75001, `The marketplace ${marketplace} is not supported.`)
    return undefined
  }

  return new Hono()
    .get(`${CATALOG}/product_summary/search`, (c) => {
      const problem = refused(c)
      if (problem) return problem
      const query = c.req.query() as SearchQuery
      const unknown = Object.keys(query).filter((name) => !SEARCH_PARAMETERS.includes(name as keyof SearchQuery))
      if (unknown.length) return restError(c, 400, 75000, `Invalid query parameters ${unknown.join(', ')}.`)
      if (!query.q && !query.gtin && !query.mpn && !query.category_ids)
        return restError(c, 400, 75000, "The request must have a 'q', 'gtin', 'mpn' or 'category_ids' parameter.")
      if (query.gtin !== undefined && !/^\d{8,14}$/.test(query.gtin))
        return restError(c, 400, 75017, `The GTIN ${query.gtin} is not valid.`)
      const limit = Number(query.limit ?? 50)
      if (!Number.isInteger(limit) || limit < 1 || limit > 200)
        return restError(c, 400, 75000, `Invalid limit: ${query.limit}`)
      const found = query.gtin ? productsWithGtin(query.gtin) : []
      if (found.length === 0) return c.body(null, 204)
      const reply: SearchReply = {
        href: c.req.url,
        limit,
        offset: 0,
        total: found.length,
        productSummaries: found.slice(0, limit).map(({ epid, title, brand, gtin, image }) => ({
          epid,
          title,
          ...(brand ? { brand } : {}),
          gtin,
          ...imageAt(new URL(c.req.url).origin, image),
          productHref: `${new URL(c.req.url).origin}${CATALOG}/product/${epid}`,
        })),
      }
      return c.json(reply)
    })
    .get(`${CATALOG}/product/:epid`, (c) => {
      const problem = refused(c)
      if (problem) return problem
      const product = FAKE_CATALOG.find((record) => record.epid === c.req.param('epid'))
      if (!product) return restError(c, 404, 75016, `The product ${c.req.param('epid')} was not found.`)
      return c.json(productOf(product, new URL(c.req.url).origin))
    })
}
