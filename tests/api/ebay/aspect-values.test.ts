// What eBay gets is what the seller sees on the listing (issue 26, docs/decisions/0022): the item specifics the
// listing's own fields answer follow those fields on create, in the dialog, in a bulk post and on a revision, and the
// eBay category follows the title it was suggested for unless the seller chose it. Asserted on the stand-in's state.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

type Seller = Awaited<ReturnType<typeof registeredClient>> & { grant: string }

const ebay = ebayAppPerFile()
const skuOf = (listingId: number) => ebay.skuOf(listingId)

/** A book the analysis took for jeans: its category and the item specifics it filled, as the phone sends them. */
const BOOK = {
  title: 'Paperback mystery novel',
  description: 'Read once.',
  color: 'white',
  price: 8,
  quantity: 1,
  category: 'other',
  brand: '',
  size: '',
  department: '',
  ebayCategoryId: '11483',
  ebayCategoryName: "Men's Jeans",
  ebayAspects: { Brand: "Levi's", Size: 'W32 L32', Department: 'Men', Inseam: '32', Style: 'Straight' },
}

async function connectedSeller(): Promise<Seller> {
  const seller = await registeredClient(ebay.t.app, `specifics-${randomUUID().slice(0, 8)}`)
  return Object.assign(seller, { grant: (await connectEbay(ebay.fake, seller)).grant })
}

async function create(seller: Seller, fields: Record<string, unknown>): Promise<JsonBody> {
  const response = await seller.post('/api/listings', { ...fields, images: await uploadPhotos(seller, 1) })
  expect(response.status, await response.clone().text()).toBe(201)
  return readJson(response)
}

const rowOf = async (seller: Seller, id: number): Promise<JsonBody> =>
  ((await readJson(await seller.get('/api/listings'))) as unknown as JsonBody[]).find((listing) => listing.id === id)!
const requirements = async (seller: Seller, id: number) =>
  readJson(await seller.get(`/api/listings/${id}/ebay-requirements`))
const post = async (seller: Seller, id: number, body: Record<string, unknown> = {}) => {
  const response = await seller.post(`/api/listings/${id}/post-to-ebay`, { postalCode: '95125', ...body })
  expect(response.status, await response.clone().text()).toBe(200)
}
const edit = async (seller: Seller, id: number, fields: Record<string, unknown>) => {
  const row = await rowOf(seller, id)
  const response = await seller.call('PATCH', `/api/listings/${id}`, { ...row, ...fields })
  expect(response.status, await response.clone().text()).toBe(200)
  return readJson(response)
}
/** The inventory item and offer the stand-in holds for the listing. */
const itemOf = (seller: Seller, id: number) =>
  ebay.fake.inventory(seller.grant).items.get(skuOf(id)) as {
    product: { aspects: Record<string, string[]>; brand?: string }
  }
const categoryOfOffer = (seller: Seller, id: number) =>
  [...ebay.fake.inventory(seller.grant).offers.values()].find((offer) => offer.sku === skuOf(id))?.body.categoryId

describe("the item specifics follow the seller's fields", () => {
  it('never fills a field the seller cleared before creating from the analysis, in the dialog or on eBay', async () => {
    const seller = await connectedSeller()
    const book = await create(seller, BOOK)
    // The jeans category needs a Brand, Size and Department: the dialog asks, as the seller's fields are empty.
    const needs = await requirements(seller, book.id)
    expect(needs.missing).toEqual(['Brand', 'Size', 'Size Type', 'Department'])
    expect(needs.aspects).toContainEqual({ name: 'Brand', value: null, allowedValues: [] })
    // In a category that does not need them, eBay gets none of them.
    expect((await seller.call('PUT', `/api/listings/${book.id}/ebay-category`, { categoryId: '1' })).status).toBe(200)
    await post(seller, book.id)
    expect(itemOf(seller, book.id).product).not.toHaveProperty('brand')
    expect(itemOf(seller, book.id).product.aspects).toEqual({})
    expect(categoryOfOffer(seller, book.id)).toBe('1')
  })

  it('changes and removes item specifics on a live listing when the seller edits or clears the field', async () => {
    const seller = await connectedSeller()
    const mug = await create(seller, {
      ...BOOK,
      title: 'Pyrex mixing bowl',
      brand: 'Pyrex',
      color: 'blue',
      ebayCategoryId: '1',
      ebayCategoryName: 'Collectibles',
      ebayAspects: { Brand: 'Pyrex', Color: 'Blue' },
    })
    await post(seller, mug.id)
    expect(itemOf(seller, mug.id).product.aspects).toMatchObject({ Brand: ['Pyrex'] })

    await edit(seller, mug.id, { brand: '' })
    await ebay.t.settle()
    expect(itemOf(seller, mug.id).product.aspects).not.toHaveProperty('Brand')
    expect(itemOf(seller, mug.id).product.brand).toBeUndefined()

    await edit(seller, mug.id, { brand: 'Corning' })
    await ebay.t.settle()
    expect(itemOf(seller, mug.id).product.aspects.Brand).toEqual(['Corning'])
  })

  it("puts what the dialog asked for in the listing's own field, and says the field's choice in eBay's words", async () => {
    const seller = await connectedSeller()
    const jacket = await create(seller, {
      title: 'Denim trucker jacket',
      color: 'blue',
      price: 40,
      quantity: 1,
      category: 'clothing',
      size: 'M',
      sizeType: 'Regular',
      department: 'Adult Unisex',
    })
    expect((await requirements(seller, jacket.id)).missing).toEqual(['Brand', 'Type'])
    await post(seller, jacket.id, { aspects: { Brand: 'Wrangler', Type: 'Jacket' } })
    expect(itemOf(seller, jacket.id).product.aspects).toMatchObject({
      Brand: ['Wrangler'],
      Department: ['Unisex Adults'],
      Type: ['Jacket'],
    })
    expect(await rowOf(seller, jacket.id)).toMatchObject({ brand: 'Wrangler', department: 'Adult Unisex' })
  })

  it('sends only the seller’s fields from a bulk post', async () => {
    const seller = await connectedSeller()
    const mug = await create(seller, {
      ...BOOK,
      title: 'Stoneware mug',
      ebayCategoryId: '1',
      ebayCategoryName: 'Collectibles',
    })
    const started = await readJson(
      await seller.post('/api/bulk-posts', {
        clientId: randomUUID(),
        listingIds: [mug.id],
        answers: { ebay: { postalCode: '95125' } },
      }),
    )
    await ebay.t.settle()
    expect(((await readJson(await seller.get(`/api/bulk-posts/${started.id}`))).items as JsonBody[])[0]).toMatchObject({
      status: 'posted',
    })
    expect(itemOf(seller, mug.id).product.aspects).toEqual({})
  })
})

describe('what the Post dialog shows before sending', () => {
  it('names every item specific that goes to eBay: the required ones and the others, from the fields and the analysis', async () => {
    const seller = await connectedSeller()
    const jeans = await create(seller, {
      ...BOOK,
      title: "Levi's 505 jeans",
      brand: "Levi's",
      size: 'W32 L32',
      sizeType: 'Regular',
      department: 'Men',
      color: 'blue',
    })
    const needs = await requirements(seller, jeans.id)
    expect(needs.missing).toEqual([])
    expect(needs.otherAspects).toContainEqual({ name: 'Style', value: 'Straight' })
    const shown = [...(needs.aspects as { name: string }[]), ...(needs.otherAspects as { name: string }[])]
      .map((aspect) => aspect.name)
      .sort()
    await post(seller, jeans.id)
    expect(Object.keys(itemOf(seller, jeans.id).product.aspects).sort()).toEqual(shown)
  })
})

describe('the eBay category', () => {
  it("is suggested again when the seller changes the title it was suggested for, and asks that category's details", async () => {
    const seller = await connectedSeller()
    const book = await create(seller, BOOK)
    expect(await rowOf(seller, book.id)).toMatchObject({ ebayCategoryName: "Men's Jeans", ebayCategoryChosen: false })
    await edit(seller, book.id, { title: 'Digital camera, 20 MP' })
    expect(await rowOf(seller, book.id)).toMatchObject({ ebayCategoryId: null, ebayCategoryName: null })
    const needs = await requirements(seller, book.id)
    expect(needs.category).toEqual({ id: '31388', name: 'Digital Cameras' })
    expect(needs.missing).toEqual(['Brand', 'Model'])
    await post(seller, book.id, { aspects: { Brand: 'Canon', Model: 'PowerShot' } })
    expect(categoryOfOffer(seller, book.id)).toBe('31388')
    expect(itemOf(seller, book.id).product.aspects).toEqual({
      Brand: ['Canon'],
      Model: ['PowerShot'],
      Color: ['White'],
    })
  })

  it('chosen for a listing live on eBay, moves it there (a revision), without waiting for another edit', async () => {
    const seller = await connectedSeller()
    const camera = await create(seller, {
      ...BOOK,
      title: 'Digital camera, 20 MP',
      ebayCategoryId: '31388',
      ebayCategoryName: 'Digital Cameras',
    })
    await post(seller, camera.id, { aspects: { Brand: 'Canon', Model: 'PowerShot' } })
    expect(categoryOfOffer(seller, camera.id)).toBe('31388')
    const choose = async (categoryId: string) => {
      const chosen = await seller.call('PUT', `/api/listings/${camera.id}/ebay-category`, { categoryId })
      expect(chosen.status, await chosen.clone().text()).toBe(200)
      await ebay.t.settle()
    }
    await choose('1')
    expect(categoryOfOffer(seller, camera.id)).toBe('1')
    expect(await rowOf(seller, camera.id)).toMatchObject({ ebayCategoryId: '1', ebayRevisionStatus: 'done' })
    // Athletic Shoes needs details a camera lacks: the row says the revision was refused, and eBay keeps the last one.
    await choose('15709')
    expect(await rowOf(seller, camera.id)).toMatchObject({ ebayCategoryId: '15709', ebayRevisionStatus: 'refused' })
    expect(categoryOfOffer(seller, camera.id)).toBe('1')
  })

  it('keeps the category the seller chose, through a title change and a closed dialog', async () => {
    const seller = await connectedSeller()
    const book = await create(seller, BOOK)
    const chosen = await seller.call('PUT', `/api/listings/${book.id}/ebay-category`, { categoryId: '1' })
    expect(chosen.status).toBe(200)
    expect(await readJson(chosen)).toEqual({ category: { id: '1', name: 'Collectibles' } })
    await edit(seller, book.id, { title: 'Paperback mystery, first edition' })
    expect(await rowOf(seller, book.id)).toMatchObject({
      ebayCategoryId: '1',
      ebayCategoryName: 'Collectibles',
      ebayCategoryChosen: true,
    })
    expect((await requirements(seller, book.id)).missing).toEqual([])

    const unknown = await seller.call('PUT', `/api/listings/${book.id}/ebay-category`, { categoryId: '999999' })
    expect(unknown.status).toBe(400)
    expect((await readJson(unknown)).code).toBe('ebay_category_unknown')
    expect(await rowOf(seller, book.id)).toMatchObject({ ebayCategoryId: '1' })
  })
})
