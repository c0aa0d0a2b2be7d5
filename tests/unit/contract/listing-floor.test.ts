// A listing's floor (api/contract/listing-floor.ts, issue 51): the lowest whole-cent price that still earns the minimum
// profit on each marketplace, the typed floor winning, none without a cost, and the fee rate refined from read sales.
import { describe, expect, it } from 'vitest'
import { feeRate, feesAt, listingFloor, type FloorInputs } from '../../../api/contract/listing-floor.ts'

const ebay = { percent: 13.6, fixedCents: 40, from: 'published' } as const
const etsy = { percent: 9.5, fixedCents: 45, from: 'published' } as const

const inputs = (over: Partial<FloorInputs> = {}): FloorInputs => ({
  costCents: 1000,
  typedCents: null,
  shippingCents: 0,
  minimumProfit: { by: 'amount', cents: 500 },
  rates: { ebay, etsy },
  ...over,
})

describe('listingFloor', () => {
  it('is the lowest price that earns the minimum profit on each marketplace, the highest holding', () => {
    const floor = listingFloor(inputs())
    expect(floor.source).toBe('computed')
    expect(floor.priceCents).toBe(1782)
    expect(
      floor.byMarketplace.map(({ marketplace, priceCents, feesCents }) => [marketplace, priceCents, feesCents]),
    ).toEqual([
      ['ebay', 1782, 282],
      ['etsy', 1707, 207],
    ])
    // A cent less earns less than the minimum on eBay: 1781 - 282 in fees - 1000 - 500 = -1.
    expect(1781 - feesAt(1781, ebay) - 1000 - 500).toBe(-1)
  })

  it('counts the shipping the seller pays and a minimum profit in percent of the price', () => {
    const floor = listingFloor(
      inputs({ shippingCents: 300, minimumProfit: { by: 'percent', percent: 20 }, rates: { ebay } }),
    )
    expect(floor.priceCents).toBe(2017)
    expect(floor.byMarketplace[0]).toMatchObject({ feesCents: 314, minimumProfitCents: 403 })
  })

  it('takes the floor the seller typed over the computed one', () => {
    expect(listingFloor(inputs({ typedCents: 1500 }))).toMatchObject({
      source: 'typed',
      priceCents: 1500,
      byMarketplace: [],
    })
    expect(listingFloor(inputs({ typedCents: 1500, costCents: null })).priceCents).toBe(1500)
  })

  it('has none without a cost or a typed floor, and says so', () => {
    const floor = listingFloor(inputs({ costCents: null }))
    expect(floor).toMatchObject({ source: 'none', priceCents: null })
    expect(floor.says).toMatch(/enter what it cost/)
  })

  it('has none when the percents take the whole price', () => {
    const floor = listingFloor(inputs({ minimumProfit: { by: 'percent', percent: 90 }, rates: { ebay } }))
    expect(floor).toMatchObject({ source: 'none', priceCents: null })
  })

  it('is a cent for a free find with nothing to earn on a marketplace without a fixed fee', () => {
    const free = { percent: 0, fixedCents: 0, from: 'published' } as const
    expect(
      listingFloor(inputs({ costCents: 0, minimumProfit: { by: 'amount', cents: 0 }, rates: { ebay: free } }))
        .priceCents,
    ).toBe(1)
  })
})

describe('feeRate', () => {
  it('is the published rate until enough sales are read', () => {
    expect(feeRate({ ...ebay, basis: '' }, undefined)).toEqual(ebay)
    expect(feeRate({ ...ebay, basis: '' }, { sales: 4, amountCents: 10_000, feesCents: 1450 })).toEqual(ebay)
  })

  it("takes the percent the seller's read sales show, the fixed part as published", () => {
    expect(feeRate({ ...ebay, basis: '' }, { sales: 5, amountCents: 10_000, feesCents: 1450 })).toEqual({
      percent: 12.5,
      fixedCents: 40,
      from: 'your-sales',
    })
  })
})
