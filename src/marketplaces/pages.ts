// The marketplaces' own public pages, for the router: part of the registry (registry.ts), kept apart from it so the
// app's first file, which holds the router, carries only these paths and the way to load each page, no wing's code.
// Each is [path, its module, the screen it exports].
export const MARKETPLACE_PAGES = [
  ['/integrate-with-etsy', () => import('./etsy/integrate-with-etsy.tsx'), 'IntegrateWithEtsyScreen'],
] as const
