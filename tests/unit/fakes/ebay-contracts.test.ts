import { describe, expect, it } from 'vitest'
import { createContractChecker } from '../../fakes/ebay-contracts.ts'

const inventory = createContractChecker('sell_inventory_v1_oas3.json')

const item = {
  availability: { shipToLocationAvailability: { quantity: 1 } },
  condition: 'USED_EXCELLENT',
  product: {
    title: 'Levi’s 501 jeans',
    description: 'Worn twice',
    imageUrls: ['https://example.com/1.jpg'],
    aspects: { Brand: ["Levi's"], Size: ['M'] },
  },
}

describe("the eBay stand-in's contract check (eBay's OpenAPI files)", () => {
  it('accepts an inventory item with aspects as eBay really takes them (name → array of strings)', () => {
    expect(inventory.check('createOrReplaceInventoryItem', item)).toEqual([])
  })

  it('refuses what eBay would: a wrongly typed field, aspects as a string or with a non-array value', () => {
    const wrongQuantity = { ...item, availability: { shipToLocationAvailability: { quantity: 'one' } } }
    expect(inventory.check('createOrReplaceInventoryItem', wrongQuantity)).toContainEqual({
      at: '/availability/shipToLocationAvailability/quantity',
      message: 'must be integer',
    })
    expect(
      inventory.check('createOrReplaceInventoryItem', {
        ...item,
        product: { ...item.product, aspects: 'Brand: Levi' },
      }),
    ).not.toEqual([])
    expect(
      inventory.check('createOrReplaceInventoryItem', {
        ...item,
        product: { ...item.product, aspects: { Brand: "Levi's" } },
      }),
    ).not.toEqual([])
  })

  it('checks offers and locations too, and knows operations without a body', () => {
    const offer = {
      sku: 'snaplist42',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      availableQuantity: 1,
      categoryId: '11483',
      pricingSummary: { price: { value: '25.00', currency: 'USD' } },
    }
    expect(inventory.check('createOffer', offer)).toEqual([])
    expect(inventory.check('createOffer', { ...offer, availableQuantity: '1' })).not.toEqual([])
    expect(
      inventory.check('createInventoryLocation', {
        location: { address: { postalCode: '95125', country: 'US' } },
        locationTypes: ['WAREHOUSE'],
      }),
    ).toEqual([])
    expect(inventory.check('publishOffer', undefined)).toEqual([])
    expect(() => inventory.check('noSuchOperation', {})).toThrow('has no operation noSuchOperation')
  })
})
