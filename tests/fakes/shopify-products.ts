// The Shopify stand-in's shop, publication and product fields, as the schema's resolvers read them (graphql's default
// resolver: a property, or a function given the field's arguments). The mutations refuse what Shopify refuses in
// userErrors, with Shopify's codes: a product set without the options its variant names, an image address that is not
// one, a location the store has not, a product that does not exist.
import { connection, gid, idOf, userError, type UserError } from './shopify-graph.ts'
import { itemView, QUANTITY_NAMES } from './shopify-inventory.ts'
import type { FakeShopifyProduct, FakeShopifyStore } from './shopify-store.ts'

type Args = Record<string, unknown>
type Input = Record<string, unknown>

const TITLE_MAX = 255

export const shopView = (store: FakeShopifyStore) => ({
  id: gid('Shop', 1),
  name: store.name,
  myshopifyDomain: store.domain,
  url: `https://${store.domain}`,
  currencyCode: store.currencyCode,
  email: `owner@${store.domain}`,
  ianaTimezone: 'America/New_York',
  weightUnit: 'POUNDS',
  plan: { publicDisplayName: 'Basic', partnerDevelopment: false, shopifyPlus: false },
})

function variantView(store: FakeShopifyStore, product: FakeShopifyProduct): Record<string, unknown> {
  return {
    id: gid('ProductVariant', product.variant.id),
    title: 'Default Title',
    price: product.variant.price,
    sku: product.variant.sku,
    inventoryQuantity: store.available.get(product.variant.inventoryItemId) ?? 0,
    inventoryItem: itemView(store, product),
    product: () => productView(store, product),
  }
}

export function productView(store: FakeShopifyStore, product: FakeShopifyProduct): Record<string, unknown> {
  return {
    __typename: 'Product',
    ...product,
    id: gid('Product', product.id),
    totalInventory: store.available.get(product.variant.inventoryItemId) ?? 0,
    variantsCount: { count: product.variantCount ?? 1, precision: 'EXACT' },
    onlineStoreUrl:
      product.onlineStore && product.status === 'ACTIVE' ? `https://${store.domain}/products/${product.handle}` : null,
    publishedOnPublication: ({ publicationId }: Args) =>
      product.onlineStore && idOf(publicationId, 'Publication') === store.onlineStorePublicationId,
    variants: (args: Args) => connection([variantView(store, product)], args),
    media: (args: Args) =>
      connection(
        product.media.map((media) => ({
          __typename: 'MediaImage',
          id: gid('MediaImage', media.id),
          alt: media.alt,
          status: 'READY',
          mediaContentType: 'IMAGE',
          mediaErrors: [],
          mediaWarnings: [],
          image: { url: media.originalSource, altText: media.alt },
        })),
        args,
      ),
  }
}

const handleOf = (store: FakeShopifyStore, title: string, id: number) => {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'product'
  const taken = [...store.products.values()].some((held) => held.id !== id && held.handle === base)
  return taken ? `${base}-${id}` : base
}

/** What Shopify refuses in a productSet input, before anything is changed. */
function productSetProblems(store: FakeShopifyStore, input: Input, existing: FakeShopifyProduct | undefined) {
  const problems: UserError[] = []
  const title = input.title as string | undefined
  if (!existing && !title?.trim()) problems.push(userError(['input', 'title'], "Title can't be blank", 'INVALID_INPUT'))
  if (title && title.length > TITLE_MAX)
    problems.push(
      userError(['input', 'title'], `Title is too long (maximum is ${TITLE_MAX} characters)`, 'INVALID_INPUT'),
    )
  const files = (input.files as Input[] | undefined) ?? []
  files.forEach((file, index) => {
    if (!/^https?:\/\/[^\s]+$/.test(String(file.originalSource ?? '')))
      problems.push(
        userError(['input', 'files', String(index), 'originalSource'], 'Image URL is invalid', 'INVALID_INPUT'),
      )
  })
  const variants = input.variants as Input[] | undefined
  if (!variants) return problems
  if (variants.length !== 1)
    problems.push(userError(['input', 'variants'], 'The stand-in holds products of one variant', 'VARIANTS_OVER_LIMIT'))
  const options = input.productOptions as { name: string; values?: { name: string }[] }[] | undefined
  if (!options?.length)
    return [
      ...problems,
      userError(['input', 'productOptions'], 'Product options input is missing', 'PRODUCT_OPTIONS_INPUT_MISSING'),
    ]
  variants.forEach((variant, index) => {
    for (const value of variant.optionValues as { optionName?: string; name?: string }[]) {
      const option = options.find((each) => each.name === value.optionName)
      if (!option?.values?.some((each) => each.name === value.name))
        problems.push(
          userError(
            ['input', 'variants', String(index), 'optionValues'],
            `Option value ${value.name} does not exist`,
            'OPTION_VALUE_DOES_NOT_EXIST',
          ),
        )
    }
    if (variant.price !== undefined && !/^\d+(\.\d+)?$/.test(String(variant.price)))
      problems.push(
        userError(['input', 'variants', String(index), 'price'], 'Price must be a number', 'INVALID_VARIANT'),
      )
    for (const stock of (variant.inventoryQuantities as Input[] | undefined) ?? []) {
      if (idOf(stock.locationId, 'Location') !== store.location.id)
        problems.push(
          userError(
            ['input', 'variants', String(index), 'inventoryQuantities'],
            'Location does not exist',
            'INVALID_INPUT',
          ),
        )
      if (!QUANTITY_NAMES.has(String(stock.name)))
        problems.push(
          userError(
            ['input', 'variants', String(index), 'inventoryQuantities'],
            'Name must be available or on_hand',
            'INVALID_INPUT',
          ),
        )
    }
  })
  return problems
}

function applyVariant(store: FakeShopifyStore, product: FakeShopifyProduct, variant: Input) {
  const item = variant.inventoryItem as Input | undefined
  const weight = (item?.measurement as Input | undefined)?.weight as FakeShopifyProduct['variant']['weight'] | undefined
  if (variant.price !== undefined) product.variant.price = String(variant.price)
  if (variant.sku !== undefined) product.variant.sku = variant.sku as string | null
  if (item?.tracked !== undefined) product.variant.tracked = Boolean(item.tracked)
  if (weight !== undefined) product.variant.weight = weight
  for (const stock of (variant.inventoryQuantities as Input[] | undefined) ?? [])
    store.available.set(product.variant.inventoryItemId, Number(stock.quantity))
}

function productSet(store: FakeShopifyStore, now: () => number, { identifier, input }: Args) {
  const given = input as Input
  const id = idOf((identifier as Input | undefined)?.id ?? given.id, 'Product')
  const existing = id === undefined ? undefined : store.products.get(id)
  if (id !== undefined && !existing)
    return {
      product: null,
      userErrors: [userError(['identifier', 'id'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST')],
    }
  const problems = productSetProblems(store, given, existing)
  if (problems.length) return { product: null, userErrors: problems }
  const at = new Date(now()).toISOString()
  const product: FakeShopifyProduct = existing ?? {
    id: store.nextId(),
    title: '',
    handle: '',
    descriptionHtml: '',
    vendor: '',
    productType: '',
    tags: [],
    status: 'ACTIVE',
    media: [],
    variant: {
      id: store.nextId(),
      price: '0.00',
      sku: null,
      inventoryItemId: store.nextId(),
      tracked: false,
      weight: null,
    },
    onlineStore: false,
    createdAt: at,
    updatedAt: at,
  }
  for (const field of ['title', 'descriptionHtml', 'vendor', 'productType', 'tags', 'status'] as const)
    if (given[field] !== undefined && given[field] !== null) Object.assign(product, { [field]: given[field] })
  if (!existing) product.handle = (given.handle as string | undefined) ?? handleOf(store, product.title, product.id)
  if (given.files)
    product.media = (given.files as Input[]).map((file) => ({
      id: store.nextId(),
      originalSource: String(file.originalSource),
      alt: (file.alt as string | undefined) ?? null,
    }))
  const variant = (given.variants as Input[] | undefined)?.[0]
  if (variant) applyVariant(store, product, variant)
  product.updatedAt = at
  store.products.set(product.id, product)
  return { product: productView(store, product), productSetOperation: null, userErrors: [] }
}

function productUpdate(store: FakeShopifyStore, now: () => number, { product: input, identifier }: Args) {
  const given = (input ?? {}) as Input
  const product = store.products.get(idOf((identifier as Input | undefined)?.id ?? given.id, 'Product') ?? -1)
  if (!product) return { product: null, userErrors: [userError(['id'], 'Product does not exist')] }
  const title = given.title as string | undefined
  if (title !== undefined && (!title.trim() || title.length > TITLE_MAX))
    return { product: null, userErrors: [userError(['title'], 'Title is invalid')] }
  for (const field of ['title', 'descriptionHtml', 'vendor', 'productType', 'tags', 'status'] as const)
    if (given[field] !== undefined && given[field] !== null) Object.assign(product, { [field]: given[field] })
  product.updatedAt = new Date(now()).toISOString()
  return { product: productView(store, product), userErrors: [] }
}

function productDelete(store: FakeShopifyStore, { input }: Args) {
  const id = idOf((input as Input).id, 'Product')
  const product = id === undefined ? undefined : store.products.get(id)
  if (!product)
    return { deletedProductId: null, shop: shopView(store), userErrors: [userError(['id'], 'Product does not exist')] }
  store.products.delete(product.id)
  store.available.delete(product.variant.inventoryItemId)
  return { deletedProductId: gid('Product', product.id), shop: shopView(store), userErrors: [] }
}

function publishablePublish(store: FakeShopifyStore, { id, input }: Args) {
  const product = store.products.get(idOf(id, 'Product') ?? -1)
  if (!product)
    return { publishable: null, shop: shopView(store), userErrors: [userError(['id'], 'Product does not exist')] }
  const publications = (input as Input[]).map((each) => idOf(each.publicationId, 'Publication'))
  if (publications.some((publication) => publication !== store.onlineStorePublicationId))
    return {
      publishable: null,
      shop: shopView(store),
      userErrors: [userError(['input', 'publicationId'], 'Publication does not exist')],
    }
  product.onlineStore = true
  return { publishable: productView(store, product), shop: shopView(store), userErrors: [] }
}

/** The query and mutation fields over the shop, its publication and its products. */
export function productFields(store: FakeShopifyStore, now: () => number) {
  return {
    query: {
      shop: () => shopView(store),
      publications: (args: Args) =>
        connection(
          [
            {
              id: gid('Publication', store.onlineStorePublicationId),
              name: 'Online Store',
              catalog: { __typename: 'AppCatalog', id: gid('AppCatalog', 1), title: 'Online Store', status: 'ACTIVE' },
            },
          ],
          args,
        ),
      product: ({ id }: Args) => {
        const product = store.products.get(idOf(id, 'Product') ?? -1)
        return product ? productView(store, product) : null
      },
      products: (args: Args) =>
        connection(
          [...store.products.values()].map((held) => productView(store, held)),
          args,
        ),
      // Exact up to the limit (10,000 unless asked), "at least" the limit beyond, as Shopify counts.
      productsCount: ({ limit }: Args) => {
        const bound = (limit as number | null) ?? 10_000
        const count = store.products.size
        return { count: Math.min(count, bound), precision: count > bound ? 'AT_LEAST' : 'EXACT' }
      },
    },
    mutation: {
      productSet: (args: Args) => productSet(store, now, args),
      productUpdate: (args: Args) => productUpdate(store, now, args),
      productDelete: (args: Args) => productDelete(store, args),
      publishablePublish: (args: Args) => publishablePublish(store, args),
    },
  }
}
