// The listing a SKU on eBay names, for the browser tests and the benchmarks that read the eBay stand-in's state: the
// SKU is `snaplist`, the install's 10-character prefix and the listing's id (api/services/ebay/sku.ts).
export const listingIdOfSku = (sku: string) => Number(/^snaplist[0-9a-f]{10}(\d+)$/.exec(sku)?.[1])
