// A clothing listing's measurements on eBay (issue 33, decisions 0047 and 0059): each answers the item specific eBay's
// category names for it (Men's Jeans' required Inseam and its Waist Size, twice the waist laid flat; T-Shirts' Chest
// Size as twice pit to pit) in eBay's spelling, only where eBay takes the value, and all of them end the description,
// the waist doubled and pit to pit as measured; an edit sends the new ones.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { connectEbay, ebayAppPerFile } from '../../helpers/ebay.ts'
import { JACKET } from '../../helpers/jacket.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

const opened = ebayAppPerFile()

const JEANS = { ...JACKET, title: "Levi's 501 jeans W32 L30", size: 'W32 L30', waist: '16', inseam: '30.5' }

type Item = JsonBody & { product: { aspects: Record<string, string[]>; description: string } }

async function listedSeller(fields: Record<string, unknown>) {
  const seller = await registeredClient(opened.t.app, `measured-${randomUUID().slice(0, 8)}`)
  const { grant } = await connectEbay(opened.fake, seller)
  const created = await seller.post('/api/listings', { ...fields, images: await uploadPhotos(seller, 1) })
  expect(created.status, await created.clone().text()).toBe(201)
  const listing = await readJson(created)
  const item = () => opened.fake.inventory(grant).items.get(opened.skuOf(listing.id as number)) as Item
  return { seller, listing, item }
}

describe('measurements on eBay', () => {
  it('answer the jeans’ required Inseam and their Waist Size, end the description, and follow an edit', async () => {
    const { seller, listing, item } = await listedSeller(JEANS)
    expect(listing).toMatchObject({ waist: '16', inseam: '30.5', measurementUnit: '' })

    const requirements = await readJson(await seller.get(`/api/listings/${listing.id}/ebay-requirements`))
    expect(requirements.category).toMatchObject({ name: "Men's Jeans" })
    expect(requirements.aspects).toContainEqual(expect.objectContaining({ name: 'Inseam', value: '30.5 in' }))
    expect(requirements.missing).not.toContain('Inseam')

    const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, { postalCode: '95125' })
    expect(posted.status, await posted.clone().text()).toBe(200)
    expect(item().product.aspects).toMatchObject({ Inseam: ['30.5 in'], 'Waist Size': ['32 in'] })
    expect(item().product.description).toBe('Measurements:<br>Waist: 32 in<br>Inseam: 30.5 in')

    const edited = await seller.call('PATCH', `/api/listings/${listing.id}`, {
      ...JEANS,
      images: listing.images,
      version: listing.version,
      description: 'Stonewash.',
      measurementUnit: 'cm',
      waist: '40.5',
      inseam: '77.5',
    })
    expect(edited.status, await edited.clone().text()).toBe(200)
    await opened.t.settle()
    expect(item().product.aspects).toMatchObject({ Inseam: ['77.5 cm'], 'Waist Size': ['81 cm'] })
    expect(item().product.description).toBe('Stonewash.<br><br>Measurements:<br>Waist: 81 cm<br>Inseam: 77.5 cm')
  })

  it('give a T-shirt’s Chest Size as twice pit to pit, and no Sleeve Length where eBay takes only words', async () => {
    const { seller, listing, item } = await listedSeller({
      ...JACKET,
      title: 'Band T-shirt black',
      pitToPit: '21',
      sleeve: '8',
    })
    const posted = await seller.post(`/api/listings/${listing.id}/post-to-ebay`, { postalCode: '95125' })
    expect(posted.status, await posted.clone().text()).toBe(200)
    expect(item().product.aspects['Chest Size']).toEqual(['42 in'])
    expect(item().product.aspects['Sleeve Length']).toBeUndefined()
    expect(item().product.description).toContain('Pit to pit: 21 in<br>Sleeve: 8 in')
  })

  it('are not sent for an item that is not clothing', async () => {
    const { seller, listing, item } = await listedSeller({ ...JEANS, category: 'other' })
    await seller.post(`/api/listings/${listing.id}/post-to-ebay`, { postalCode: '95125', aspects: { Inseam: '32 in' } })
    expect(item().product.aspects.Inseam).toEqual(['32 in'])
    expect(item().product.aspects['Waist Size']).toBeUndefined()
    expect(item().product.description).not.toContain('Measurements')
  })

  it('refuse a measurement that is not a number, and save nothing', async () => {
    const seller = await registeredClient(opened.t.app, `measured-bad-${randomUUID().slice(0, 8)}`)
    const response = await seller.post('/api/listings', { ...JEANS, inseam: '30 inches' })
    expect(response.status).toBe(400)
    expect(await readJson(response)).toMatchObject({ fields: { inseam: expect.stringMatching(/Inseam must/) } })
    expect(await readJson(await seller.get('/api/listings'))).toEqual([])
  })
})
