// Etsy's connect screens (docs/product.md §2): the callback addresses (the first is the one to register in the Etsy
// app), cancel and manual. The router reads them on every page, so they stand apart from the rest.
export const ETSY_PATHS = {
  platform: 'etsy',
  name: 'Etsy',
  endsWhenSoldOut: false,
  orderName: 'receipt',
  successPaths: ['/etsy/auth/success', '/etsy-auth/success'],
  cancelPaths: ['/etsy-auth/cancel', '/etsy/auth/cancel'],
  manualPath: '/etsy-manual-auth',
} as const
