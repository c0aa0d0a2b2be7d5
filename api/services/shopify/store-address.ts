// Where a store is reached: https://{shop} on Shopify, or {SHOPIFY_API_URL}/{shop} on the stand-in, which serves
// each store under its domain. OAuth and the Admin API both start from here.

export const storeOrigin = (shop: string, apiUrl: string | undefined) =>
  apiUrl ? `${apiUrl}/${shop}` : `https://${shop}`
