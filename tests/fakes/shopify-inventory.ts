// The Shopify stand-in's location and inventory fields: the store's one location, each inventory item's level there,
// and inventorySetQuantities, which refuses in userErrors what Shopify refuses: an unknown item or location, a reason
// Shopify does not know, and a changeFromQuantity that is no longer the quantity (compare-and-set: a sale counted since
// the caller read it), all checked before any quantity is set.
import { connection, gid, idOf, userError } from './shopify-graph.ts'
import { productOfItem, type FakeShopifyProduct, type FakeShopifyStore } from './shopify-store.ts'

type Args = Record<string, unknown>

// inventorySetQuantities' reasons (shopify.dev, "inventory state reasons").
const INVENTORY_REASONS = new Set([
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
])

/** The quantity names the stand-in holds (both the same number: nothing is committed or incoming). */
export const QUANTITY_NAMES = new Set(['available', 'on_hand'])

export const locationView = (store: FakeShopifyStore) => ({
  id: gid('Location', store.location.id),
  legacyResourceId: String(store.location.id),
  name: store.location.name,
  isActive: true,
  fulfillsOnlineOrders: true,
  shipsInventory: true,
  hasActiveInventory: store.available.size > 0,
})

function levelView(store: FakeShopifyStore, inventoryItemId: number) {
  const quantity = store.available.get(inventoryItemId) ?? 0
  return {
    id: gid('InventoryLevel', inventoryItemId),
    location: locationView(store),
    quantities: ({ names }: Args) =>
      (names as string[]).map((name) => ({
        id: gid('InventoryQuantity', inventoryItemId),
        name,
        quantity: QUANTITY_NAMES.has(name) ? quantity : 0,
        updatedAt: null,
      })),
  }
}

export function itemView(store: FakeShopifyStore, product: FakeShopifyProduct) {
  const { variant } = product
  return {
    id: gid('InventoryItem', variant.inventoryItemId),
    sku: variant.sku,
    tracked: variant.tracked,
    measurement: { id: gid('InventoryItemMeasurement', variant.inventoryItemId), weight: variant.weight },
    inventoryLevel: ({ locationId }: Args) =>
      idOf(locationId, 'Location') === store.location.id ? levelView(store, variant.inventoryItemId) : null,
  }
}

interface QuantityInput {
  inventoryItemId: string
  locationId: string
  quantity: number
  changeFromQuantity?: number | null
}

function inventorySetQuantities(store: FakeShopifyStore, { input }: Args) {
  const { name, reason, quantities } = input as { name: string; reason: string; quantities: QuantityInput[] }
  const refused = (field: string[], message: string, code: string) => ({
    inventoryAdjustmentGroup: null,
    userErrors: [userError(['input', ...field], message, code)],
  })
  if (!QUANTITY_NAMES.has(name))
    return refused(['name'], 'The quantity name must be available or on_hand', 'INVALID_NAME')
  if (!INVENTORY_REASONS.has(reason)) return refused(['reason'], 'The specified reason is invalid', 'INVALID_REASON')
  // All or nothing: every quantity is checked before any is set.
  for (const [index, each] of quantities.entries()) {
    const at = ['quantities', String(index)]
    const item = idOf(each.inventoryItemId, 'InventoryItem')
    if (item === undefined || !store.available.has(item))
      return refused(
        [...at, 'inventoryItemId'],
        'The specified inventory item could not be found',
        'INVALID_INVENTORY_ITEM',
      )
    if (idOf(each.locationId, 'Location') !== store.location.id)
      return refused([...at, 'locationId'], 'The specified location could not be found', 'INVALID_LOCATION')
    if (each.quantity < 0)
      return refused([...at, 'quantity'], 'The quantity can’t be negative', 'INVALID_QUANTITY_NEGATIVE')
    const changeFrom = each.changeFromQuantity
    if (changeFrom !== undefined && changeFrom !== null && changeFrom !== store.available.get(item))
      return refused(
        [...at, 'changeFromQuantity'],
        'The specified changeFromQuantity does not match the current quantity',
        'CHANGE_FROM_QUANTITY_STALE',
      )
  }
  const changes = quantities.map((each) => {
    const item = idOf(each.inventoryItemId, 'InventoryItem')!
    const delta = each.quantity - (store.available.get(item) ?? 0)
    store.available.set(item, each.quantity)
    const product = productOfItem(store, item)
    return {
      name,
      delta,
      quantityAfterChange: each.quantity,
      ledgerDocumentUri: null,
      item: product ? itemView(store, product) : null,
      location: locationView(store),
    }
  })
  return {
    inventoryAdjustmentGroup: { id: gid('InventoryAdjustmentGroup', store.nextId()), reason, changes: () => changes },
    userErrors: [],
  }
}

/** The query and mutation fields over the store's location and inventory. */
export function inventoryFields(store: FakeShopifyStore) {
  return {
    query: {
      locations: (args: Args) => connection([locationView(store)], args),
      location: ({ id }: Args) => (idOf(id, 'Location') === store.location.id ? locationView(store) : null),
      inventoryItem: ({ id }: Args) => {
        const product = productOfItem(store, idOf(id, 'InventoryItem') ?? -1)
        return product ? itemView(store, product) : null
      },
    },
    mutation: { inventorySetQuantities: (args: Args) => inventorySetQuantities(store, args) },
  }
}
