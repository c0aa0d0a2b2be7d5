// Shopify's connect screen (docs/product.md §2): the callback address, to list in the Shopify app's allowed
// redirection URLs. The router reads it on every page, so it stands apart from the rest.
export const SHOPIFY_PATHS = {
  platform: 'shopify',
  successPaths: ['/shopify/auth/success'],
} as const
