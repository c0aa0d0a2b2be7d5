// The Shopify store a seller connects, as they type it: `name` or `name.myshopify.com` (any case, spaces around),
// always read as the store's myshopify domain, which Shopify's OAuth and Admin API address. Shopify's own rule for the
// shop parameter (shopify.dev, "verify the installation request") decides what is a store name; anything else (another
// host, a path, a URL) is refused before Snaplist sends a browser or a token anywhere.
import * as v from 'valibot'

/** A store's myshopify domain, as Shopify validates the `shop` parameter. */
export const SHOPIFY_SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/
const MYSHOPIFY = '.myshopify.com'
// A store name is a DNS label: at most 63 characters before .myshopify.com.
const SHOP_DOMAIN_MAX = 63 + MYSHOPIFY.length

const NOT_A_STORE = 'Enter your Shopify store’s name, as in your-store or your-store.myshopify.com.'

/** What the seller typed, as the store's myshopify domain (lower case); refused unless it is a store name. */
export const ShopifyShopSchema = v.pipe(
  v.string(NOT_A_STORE),
  v.trim(),
  v.toLowerCase(),
  v.transform((typed) => (typed.endsWith(MYSHOPIFY) ? typed : `${typed}${MYSHOPIFY}`)),
  v.maxLength(SHOP_DOMAIN_MAX, NOT_A_STORE),
  v.regex(SHOPIFY_SHOP_DOMAIN, NOT_A_STORE),
)

/** The query of `GET /api/marketplace-connections/shopify/auth?shop=`. */
export const ShopifyAuthQuerySchema = v.object({ shop: ShopifyShopSchema })
