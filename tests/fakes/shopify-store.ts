// The Shopify stand-in's store: its one location, its Online Store publication, and its products, each with one
// variant whose inventory item is tracked at the location. What a test sets up and looks at; the GraphQL fields over it
// are shopify-products.ts and shopify-orders.ts.
import { BASIC_PLAN_PAYMENTS, type FakeShopifyPayments } from './shopify-transactions.ts'

export type ProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED' | 'UNLISTED'

export interface FakeShopifyMedia {
  id: number
  originalSource: string
  alt: string | null
}

export interface FakeShopifyProduct {
  id: number
  title: string
  handle: string
  descriptionHtml: string
  vendor: string
  productType: string
  tags: string[]
  status: ProductStatus
  media: FakeShopifyMedia[]
  /** The one variant (the stand-in models products of one "Default Title" variant, as Snaplist makes them). */
  variant: {
    id: number
    price: string
    sku: string | null
    inventoryItemId: number
    tracked: boolean
    weight: { unit: string; value: number } | null
  }
  /** Variants the product has on the real store, when more than its one (an import refuses those). */
  variantCount?: number
  /** Published to the Online Store (publishablePublish). */
  onlineStore: boolean
  createdAt: string
  updatedAt: string
}

export interface FakeShopifyStore {
  /** The shop's myshopify domain, e.g. ritas-vintage.myshopify.com. */
  domain: string
  name: string
  currencyCode: string
  location: { id: number; name: string }
  onlineStorePublicationId: number
  products: Map<number, FakeShopifyProduct>
  /** Available quantity of each inventory item at the location. */
  available: Map<number, number>
  /** How buyers pay: Shopify Payments (fees on each payment), or another provider (a test sets { gateway: 'paypal' }). */
  payments: FakeShopifyPayments
  nextId(): number
}

export function newStore(domain: string, name: string): FakeShopifyStore {
  let last = 1000
  return {
    domain,
    name,
    currencyCode: 'USD',
    location: { id: 71000001, name: 'Home' },
    onlineStorePublicationId: 81000001,
    products: new Map(),
    available: new Map(),
    payments: BASIC_PLAN_PAYMENTS,
    nextId: () => ++last,
  }
}

/** The product whose variant's inventory item this is. */
export const productOfItem = (store: FakeShopifyStore, inventoryItemId: number) =>
  [...store.products.values()].find((product) => product.variant.inventoryItemId === inventoryItemId)

/** The product holding this SKU, when one does. */
export const productOfSku = (store: FakeShopifyStore, sku: string) =>
  [...store.products.values()].find((product) => product.variant.sku === sku)

/** A product the seller made on the store themselves (what an import reads), with `available` at the location. */
export function addProduct(
  store: FakeShopifyStore,
  fields: Partial<Omit<FakeShopifyProduct, 'variant'>> & { price?: string; sku?: string | null; available?: number },
): FakeShopifyProduct {
  const id = store.nextId()
  const { price = '25.00', sku = null, available = 1, ...rest } = fields
  const at = new Date().toISOString()
  const product: FakeShopifyProduct = {
    id,
    title: `Product ${id}`,
    handle: `product-${id}`,
    descriptionHtml: '',
    vendor: '',
    productType: '',
    tags: [],
    status: 'ACTIVE',
    media: [],
    onlineStore: true,
    createdAt: at,
    updatedAt: at,
    ...rest,
    variant: {
      id: store.nextId(),
      price,
      sku,
      inventoryItemId: store.nextId(),
      tracked: true,
      weight: { unit: 'POUNDS', value: 1.5 },
    },
  }
  store.products.set(id, product)
  store.available.set(product.variant.inventoryItemId, available)
  return product
}
