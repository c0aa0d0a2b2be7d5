// A Snaplist product on a store: made or revised with productSet (synchronous, so the answer holds the product),
// put on the Online Store, its status changed to end or relist it (ACTIVE, DRAFT), and deleted.
import * as v from 'valibot'
import { refuseOnUserErrors, UserErrorsSchema, type ShopifyAdmin, type ShopifyStore } from './admin-api.ts'
import type { ShopifyProductSetInput } from './product-input.ts'

/** What Snaplist keeps of a product on Shopify: its ids and handle. */
export interface ShopifyProductRef {
  productId: string
  variantId: string
  inventoryItemId: string
  handle: string
}

const PRODUCT_SET = `mutation SnaplistProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) {
    product { id handle variants(first: 1) { nodes { id inventoryItem { id } } } }
    userErrors { field message code }
  }
}`
const ProductSetSchema = v.object({
  productSet: v.object({
    product: v.nullable(
      v.object({
        id: v.string(),
        handle: v.string(),
        variants: v.object({
          nodes: v.tuple([v.object({ id: v.string(), inventoryItem: v.object({ id: v.string() }) })]),
        }),
      }),
    ),
    userErrors: UserErrorsSchema,
  }),
})

/** Makes the product (no productId) or revises it; Shopify's userErrors refused in its words. */
export async function setProduct(
  admin: ShopifyAdmin,
  store: ShopifyStore,
  input: ShopifyProductSetInput,
  productId?: string,
): Promise<ShopifyProductRef> {
  const { productSet } = await admin.request(store, {
    what: 'productSet',
    document: PRODUCT_SET,
    variables: { input, ...(productId ? { identifier: { id: productId } } : {}) },
    schema: ProductSetSchema,
  })
  refuseOnUserErrors('productSet', productSet.userErrors)
  const product = productSet.product!
  const [variant] = product.variants.nodes
  return {
    productId: product.id,
    variantId: variant.id,
    inventoryItemId: variant.inventoryItem.id,
    handle: product.handle,
  }
}

const PUBLISH = `mutation SnaplistPublish($id: ID!, $input: [PublicationInput!]!) {
  publishablePublish(id: $id, input: $input) { userErrors { field message } }
}`
const PublishSchema = v.object({ publishablePublish: v.object({ userErrors: UserErrorsSchema }) })

/** Puts the product on the store's Online Store (onlineStorePublicationId: store-setup.ts). */
export async function publishToOnlineStore(
  admin: ShopifyAdmin,
  store: ShopifyStore,
  productId: string,
  onlineStorePublicationId: string,
): Promise<void> {
  const { publishablePublish } = await admin.request(store, {
    what: 'publishablePublish',
    document: PUBLISH,
    variables: { id: productId, input: [{ publicationId: onlineStorePublicationId }] },
    schema: PublishSchema,
  })
  refuseOnUserErrors('publishablePublish', publishablePublish.userErrors)
}

const STATUS = `mutation SnaplistProductStatus($product: ProductUpdateInput!) {
  productUpdate(product: $product) { product { id status } userErrors { field message } }
}`
const StatusSchema = v.object({ productUpdate: v.object({ userErrors: UserErrorsSchema }) })

/** Ends (DRAFT: off every channel, kept for a relist) or relists (ACTIVE) the product. */
export async function setProductStatus(
  admin: ShopifyAdmin,
  store: ShopifyStore,
  productId: string,
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED',
): Promise<void> {
  const { productUpdate } = await admin.request(store, {
    what: 'productUpdate',
    document: STATUS,
    variables: { product: { id: productId, status } },
    schema: StatusSchema,
  })
  refuseOnUserErrors('productUpdate', productUpdate.userErrors)
}

const DELETE = `mutation SnaplistProductDelete($id: ID!) {
  productDelete(input: { id: $id }) { deletedProductId userErrors { field message } }
}`
const DeleteSchema = v.object({ productDelete: v.object({ userErrors: UserErrorsSchema }) })

export async function deleteProduct(admin: ShopifyAdmin, store: ShopifyStore, productId: string): Promise<void> {
  const { productDelete } = await admin.request(store, {
    what: 'productDelete',
    document: DELETE,
    variables: { id: productId },
    schema: DeleteSchema,
  })
  refuseOnUserErrors('productDelete', productDelete.userErrors)
}
