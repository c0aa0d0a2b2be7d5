// Shopify's connect screens (docs/product.md §2): the callback address (to list in the Shopify app's allowed
// redirection URLs) and the manual screen. The router reads them on every page, so they stand apart from the rest.
export const SHOPIFY_PATHS = {
  platform: 'shopify',
  name: 'Shopify',
  endsWhenSoldOut: false,
  orderName: 'order',
  successPaths: ['/shopify/auth/success'],
  // Shopify's install page has no Cancel that returns to the app: the seller closes it or goes back.
  cancelPaths: [],
  manualPath: '/shopify-manual-auth',
} as const
