// Which sale ended a listing on another marketplace, as its row says it (src/lib/ended-by-sale.ts, issue 47).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Listing } from '../../../api/contract/listing.ts'
import { endedBySale } from '../../../src/lib/ended-by-sale.ts'

const sold = (fields: Partial<Listing>) =>
  ({ quantity: 0, soldAt: '2026-12-07T11:58:00Z', soldOn: 'ebay', soldWhere: null, ...fields }) as Listing

describe('endedBySale', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-12-07T12:00:30Z') }))
  afterEach(() => vi.useRealTimers())

  it('names the marketplace or place of the sale that ended it, and when', () => {
    expect(endedBySale(sold({}), 'etsy')).toBe('Ended on Etsy — sold on eBay 2 min ago')
    expect(endedBySale(sold({ soldOn: 'etsy' }), 'ebay')).toBe('Ended on eBay — sold on Etsy 2 min ago')
    expect(endedBySale(sold({ soldOn: 'elsewhere', soldWhere: 'Poshmark' }), 'etsy')).toBe(
      'Ended on Etsy — sold at Poshmark 2 min ago',
    )
  })

  it('says nothing of the marketplace that sold it, of pieces left, or of a listing never sold', () => {
    expect(endedBySale(sold({}), 'ebay')).toBeNull()
    expect(endedBySale(sold({ quantity: 1 }), 'etsy')).toBeNull()
    expect(endedBySale(sold({ soldAt: null, soldOn: null }), 'etsy')).toBeNull()
  })
})
