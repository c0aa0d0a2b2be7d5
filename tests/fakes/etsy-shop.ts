// The Etsy stand-in's shop: the seller's shipping profiles, return policies and processing profiles (readiness
// states), Etsy's seller taxonomy as a small tree, and the listings the shop holds, with the answers Etsy gives for
// each (the shapes of Etsy's OpenAPI file: ShopShippingProfile, ShopReturnPolicy, ShopProcessingProfile,
// SellerTaxonomyNode, ShopListing, ListingImage).
import type { FakeEtsyReceipt } from './etsy-receipts.ts'

export interface FakeEtsyImage {
  listing_image_id: number
  rank: number
  /** The uploaded file's SHA-256 (hex): a test tells which photo is at which rank. */
  sha256: string
}

export interface FakeEtsyListing {
  listing_id: number
  state: 'draft' | 'active' | 'inactive' | 'sold_out'
  title: string
  description: string
  tags: string[]
  price: number
  quantity: number
  who_made: string
  when_made: string
  is_supply: boolean
  taxonomy_id: number
  shipping_profile_id: number | null
  return_policy_id: number | null
  readiness_state_id: number | null
  created_timestamp: number
  images: FakeEtsyImage[]
  sku: string | null
  /** The item's weight and size as the listing's form gave them (etsy-listings.ts parcelOf), null when not given. */
  parcel: Parcel
}

export interface Parcel {
  item_weight: number | null
  item_weight_unit: string | null
  item_length: number | null
  item_width: number | null
  item_height: number | null
  item_dimensions_unit: string | null
}

export interface FakeEtsyShop {
  shippingProfiles: { shipping_profile_id: number; title: string }[]
  returnPolicies: {
    return_policy_id: number
    accepts_returns: boolean
    accepts_exchanges: boolean
    return_deadline: number
  }[]
  processingProfiles: {
    readiness_state_id: number
    readiness_state: 'ready_to_ship' | 'made_to_order'
    min_processing_days: number
    max_processing_days: number
  }[]
  listings: Map<number, FakeEtsyListing>
  /** The shop's sales, oldest first (etsy-receipts.ts). */
  receipts: FakeEtsyReceipt[]
  /** when_made values Etsy has since dropped (its yearly change), refused although the copied contract lists them. */
  retiredWhenMade: Set<string>
}

export const newShop = (): FakeEtsyShop => ({
  shippingProfiles: [{ shipping_profile_id: 5001, title: 'US shipping' }],
  returnPolicies: [{ return_policy_id: 6001, accepts_returns: true, accepts_exchanges: false, return_deadline: 30 }],
  processingProfiles: [
    { readiness_state_id: 7001, readiness_state: 'ready_to_ship', min_processing_days: 1, max_processing_days: 3 },
  ],
  listings: new Map(),
  receipts: [],
  retiredWhenMade: new Set(),
})

interface TaxonomyNode {
  id: number
  name: string
  children?: TaxonomyNode[]
}
const TREE: TaxonomyNode[] = [
  {
    id: 1,
    name: 'Clothing',
    children: [
      { id: 11, name: 'Shirts & Tees' },
      { id: 12, name: 'Jeans' },
    ],
  },
  { id: 2, name: 'Electronics & Accessories', children: [{ id: 21, name: 'Audio' }] },
  { id: 3, name: 'Home & Living', children: [{ id: 31, name: 'Kitchen & Dining' }] },
  { id: 4, name: 'Art & Collectibles', children: [{ id: 41, name: 'Collectibles' }] },
]

type Node = {
  id: number
  level: number
  name: string
  parent_id: number | null
  children: Node[]
  full_path_taxonomy_ids: number[]
}
const asNode = (node: TaxonomyNode, parents: number[]): Node => ({
  id: node.id,
  level: parents.length,
  name: node.name,
  parent_id: parents.at(-1) ?? null,
  children: (node.children ?? []).map((child) => asNode(child, [...parents, node.id])),
  full_path_taxonomy_ids: [...parents, node.id],
})
export const TAXONOMY = TREE.map((node) => asNode(node, []))
const ids = (nodes: Node[]): number[] => nodes.flatMap((node) => [node.id, ...ids(node.children)])
export const TAXONOMY_IDS = new Set(ids(TAXONOMY))

export const listingUrlOf = (listingId: number) => `https://www.etsy.com/listing/${listingId}`

/** A listing as getListing and the others answer it (ShopListing). */
export const shopListing = (shopId: number, userId: number, listing: FakeEtsyListing) => ({
  listing_id: listing.listing_id,
  user_id: userId,
  shop_id: shopId,
  title: listing.title,
  description: listing.description,
  state: listing.state,
  created_timestamp: listing.created_timestamp,
  creation_timestamp: listing.created_timestamp,
  quantity: listing.quantity,
  url: listingUrlOf(listing.listing_id),
  tags: listing.tags,
  who_made: listing.who_made,
  when_made: listing.when_made,
  is_supply: listing.is_supply,
  taxonomy_id: listing.taxonomy_id,
  shipping_profile_id: listing.shipping_profile_id,
  return_policy_id: listing.return_policy_id,
  readiness_state_id: listing.readiness_state_id,
  price: { amount: Math.round(listing.price * 100), divisor: 100, currency_code: 'USD' },
  skus: listing.sku ? [listing.sku] : [],
  ...listing.parcel,
})
