// What posting to a store needs to know of it, read in one query: its name and currency, the location its stock is
// tracked at (the first active one that fulfils online orders, as Shopify's own default location is), and its Online
// Store publication, which a new product is put on.
import * as v from 'valibot'
import { AppError } from '../../errors.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'

export interface ShopifyStoreSetup {
  name: string
  currencyCode: string
  /** gid://shopify/Location/… */
  locationId: string
  /** gid://shopify/Publication/…; null when the store has no Online Store (a store selling elsewhere only). */
  onlineStorePublicationId: string | null
}

const SETUP = `query SnaplistStoreSetup {
  shop { name currencyCode }
  locations(first: 20) { nodes { id isActive fulfillsOnlineOrders } }
  publications(first: 20) { nodes { id catalog { title } } }
}`
const SetupSchema = v.object({
  shop: v.object({ name: v.string(), currencyCode: v.string() }),
  locations: v.object({
    nodes: v.array(v.object({ id: v.string(), isActive: v.boolean(), fulfillsOnlineOrders: v.boolean() })),
  }),
  publications: v.object({
    nodes: v.array(v.object({ id: v.string(), catalog: v.nullable(v.object({ title: v.string() })) })),
  }),
})

const noLocation = () =>
  new AppError(
    409,
    'shopify_refused',
    'Your Shopify store has no active location that fulfils online orders. Add one in Shopify (Settings, Locations), then post.',
  )

export async function readStoreSetup(admin: ShopifyAdmin, store: ShopifyStore): Promise<ShopifyStoreSetup> {
  const { shop, locations, publications } = await admin.request(store, {
    what: 'storeSetup',
    document: SETUP,
    schema: SetupSchema,
  })
  const location = locations.nodes.find((each) => each.isActive && each.fulfillsOnlineOrders)
  if (!location) throw noLocation()
  const onlineStore = publications.nodes.find((each) => each.catalog?.title === 'Online Store')
  return {
    name: shop.name,
    currencyCode: shop.currencyCode,
    locationId: location.id,
    onlineStorePublicationId: onlineStore?.id ?? null,
  }
}
