// api/contract/listing.ts: the price eBay gets, a listing's status on the Dashboard, and the small conversions the
// form and the API share.
import { describe, expect, it } from 'vitest'
import {
  isPostedToEbay,
  keywordsFromText,
  listingStatus,
  priceForEbay,
  toCents,
} from '../../../api/contract/listing.ts'

describe('priceForEbay', () => {
  it("is the seller's Price, else the median used price, else the retail price, saying which", () => {
    expect(priceForEbay({ askingPrice: 39.5, medianUsedPrice: 30, price: 70 })).toEqual({
      value: 39.5,
      source: 'asking',
    })
    expect(priceForEbay({ askingPrice: null, medianUsedPrice: 30, price: 70 })).toEqual({ value: 30, source: 'median' })
    expect(priceForEbay({ askingPrice: null, medianUsedPrice: 0, price: 70 })).toEqual({ value: 70, source: 'retail' })
  })
})

describe('listingStatus', () => {
  it("is Live when active with an eBay id (SPEC's rule), else what eBay last said, else Ready", () => {
    expect(listingStatus({ platformStatus: 'active', platformListingId: 'ebay-123' })).toBe('live')
    expect(listingStatus({ platformStatus: 'active', platformListingId: 'etsy-9' })).toBe('ready')
    expect(listingStatus({ platformStatus: 'sold', platformListingId: 'ebay-123' })).toBe('sold')
    expect(listingStatus({ platformStatus: 'ended', platformListingId: 'ebay-123' })).toBe('ended')
    expect(listingStatus({ platformStatus: null, platformListingId: null })).toBe('ready')
    expect(isPostedToEbay({ platformStatus: 'active', platformListingId: null })).toBe(false)
  })
})

describe('toCents and keywordsFromText', () => {
  it('rounds dollars to whole cents, and splits keywords at commas without blanks', () => {
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(0.105)).toBe(11)
    expect(keywordsFromText(' denim, , trucker ,jacket')).toEqual(['denim', 'trucker', 'jacket'])
  })
})
