// eBay's connect screens (docs/product.md §2): the callback addresses (the first is the one to register as the RuName's
// Auth Accepted URL), cancel and manual. The router reads them on every page, so they stand apart from the rest.
export const EBAY_PATHS = {
  platform: 'ebay',
  name: 'eBay',
  endsWhenSoldOut: true,
  orderName: 'order',
  successPaths: ['/ebay-auth/success', '/ebay/auth/success', '/ebay-success'],
  cancelPaths: ['/ebay-auth/cancel', '/ebay/auth/cancel'],
  manualPath: '/ebay-manual-auth',
} as const
