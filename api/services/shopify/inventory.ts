// A product's available quantity at the store's location: read, and set with inventorySetQuantities' compare-and-set
// (changeFromQuantity, Admin API 2026-01+), so a sale Shopify counted since Snaplist read the quantity makes Shopify
// refuse the change (shopify_quantity_changed) instead of Snaplist overwriting it.
import * as v from 'valibot'
import { refuseOnUserErrors, UserErrorsSchema, type ShopifyAdmin, type ShopifyStore } from './admin-api.ts'

export interface ShopifyStock {
  /** gid://shopify/InventoryItem/… */
  inventoryItemId: string
  /** gid://shopify/Location/… */
  locationId: string
}

const READ = `query SnaplistAvailable($item: ID!, $location: ID!) {
  inventoryItem(id: $item) { inventoryLevel(locationId: $location) { quantities(names: ["available"]) { name quantity } } }
}`
const ReadSchema = v.object({
  inventoryItem: v.nullable(
    v.object({
      inventoryLevel: v.nullable(
        v.object({ quantities: v.array(v.object({ name: v.string(), quantity: v.number() })) }),
      ),
    }),
  ),
})

/** The available quantity at the location; 0 when the item is not stocked there. */
export async function readAvailable(admin: ShopifyAdmin, store: ShopifyStore, stock: ShopifyStock): Promise<number> {
  const { inventoryItem } = await admin.request(store, {
    what: 'inventoryItem',
    document: READ,
    variables: { item: stock.inventoryItemId, location: stock.locationId },
    schema: ReadSchema,
  })
  return inventoryItem?.inventoryLevel?.quantities.find((each) => each.name === 'available')?.quantity ?? 0
}

const SET = `mutation SnaplistSetAvailable($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) { userErrors { field message code } }
}`
const SetSchema = v.object({ inventorySetQuantities: v.object({ userErrors: UserErrorsSchema }) })

/** Sets the available quantity, if it is still `changeFromQuantity`; else shopify_quantity_changed. */
export async function setAvailable(
  admin: ShopifyAdmin,
  store: ShopifyStore,
  stock: ShopifyStock,
  change: { quantity: number; changeFromQuantity: number },
): Promise<void> {
  const { inventorySetQuantities } = await admin.request(store, {
    what: 'inventorySetQuantities',
    document: SET,
    variables: {
      input: {
        name: 'available',
        reason: 'correction',
        quantities: [{ ...stock, quantity: change.quantity, changeFromQuantity: change.changeFromQuantity }],
      },
    },
    schema: SetSchema,
  })
  refuseOnUserErrors('inventorySetQuantities', inventorySetQuantities.userErrors)
}
