// api/contract/listing.ts: the price eBay gets, a listing's status on the Dashboard, and the small conversions the
// form and the API share; a title within eBay's limit (listing-fields.ts).
import { describe, expect, it } from 'vitest'
import {
  specMarketplaceStatus,
  isPostedToSpecMarketplace,
  listingStatus,
  liveOn,
  listedPrice,
  type ListingPlace,
} from '../../../api/contract/listing.ts'
import { keywordsFromText, toCents } from '../../../api/contract/listing-field-schemas.ts'
import { titleWithinLimit } from '../../../api/contract/listing-fields.ts'

describe('listedPrice', () => {
  it("is the seller's Price, else the median used price, else the retail price, saying which", () => {
    expect(listedPrice({ askingPrice: 39.5, medianUsedPrice: 30, price: 70 })).toEqual({
      value: 39.5,
      source: 'asking',
    })
    expect(listedPrice({ askingPrice: null, medianUsedPrice: 30, price: 70 })).toEqual({ value: 30, source: 'median' })
    expect(listedPrice({ askingPrice: null, medianUsedPrice: 0, price: 70 })).toEqual({ value: 70, source: 'retail' })
  })
})

describe('specMarketplaceStatus', () => {
  it("is Live when active with an eBay id (SPEC's rule), else what eBay last said, else Ready", () => {
    expect(specMarketplaceStatus({ platformStatus: 'active', platformListingId: 'ebay-123' })).toBe('live')
    expect(specMarketplaceStatus({ platformStatus: 'active', platformListingId: 'etsy-9' })).toBe('ready')
    expect(specMarketplaceStatus({ platformStatus: 'sold', platformListingId: 'ebay-123' })).toBe('sold')
    expect(specMarketplaceStatus({ platformStatus: 'ended', platformListingId: 'ebay-123' })).toBe('ended')
    expect(specMarketplaceStatus({ platformStatus: null, platformListingId: null })).toBe('ready')
    expect(isPostedToSpecMarketplace({ platformStatus: 'active', platformListingId: null })).toBe(false)
  })
})

describe('listingStatus and liveOn', () => {
  const place = (marketplace: ListingPlace['marketplace'], state: ListingPlace['state']): ListingPlace => ({
    marketplace,
    state,
    externalId: '1',
    url: null,
    revisionStatus: null,
  })
  const notOnEbay = { platformStatus: null, platformListingId: null }
  it('read the status the server derived from the places, and say where it is live', () => {
    const onEtsy = { ...notOnEbay, status: 'live' as const, places: [place('etsy', 'live')] }
    expect(listingStatus(onEtsy)).toBe('live')
    expect(liveOn(onEtsy)).toEqual(['Etsy'])
    const both = { ...onEtsy, places: [place('ebay', 'live'), place('etsy', 'live')] }
    expect(liveOn(both)).toEqual(['eBay', 'Etsy'])
    const sold = { ...notOnEbay, status: 'sold' as const, places: [place('ebay', 'ended'), place('etsy', 'sold_out')] }
    expect([listingStatus(sold), liveOn(sold)]).toEqual(['sold', []])
  })
  it("reads eBay's for a listing kept on the phone from before the server said its status", () => {
    const kept = { platformStatus: 'active', platformListingId: 'ebay-123' }
    expect(listingStatus(kept)).toBe('live')
    expect(liveOn(kept)).toEqual(['eBay'])
  })
})

describe('toCents and keywordsFromText', () => {
  it('rounds dollars to whole cents, and splits keywords at commas without blanks', () => {
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(0.105)).toBe(11)
    expect(keywordsFromText(' denim, , trucker ,jacket')).toEqual(['denim', 'trucker', 'jacket'])
  })
})

describe('titleWithinLimit', () => {
  it('keeps a title within eBay’s 80 characters, cut at a word, with no dangling separator', () => {
    const long = 'Effective Java by Joshua Bloch, Third Edition, Trade Paperback, Addison-Wesley 2018 – Like New'
    const cut = titleWithinLimit(long)
    expect(cut.length).toBeLessThanOrEqual(80)
    expect(long.startsWith(cut)).toBe(true)
    expect(long[cut.length]).toMatch(/[\s,]/)
    expect(cut).not.toMatch(/[\s,–-]$/)
    expect(titleWithinLimit('  Levi’s   501\njeans ')).toBe('Levi’s 501 jeans')
  })

  it('cuts a single word longer than the limit at the limit, never to nothing nor to a first short word', () => {
    expect(titleWithinLimit('x'.repeat(95))).toBe('x'.repeat(80))
    expect(titleWithinLimit(`A ${'x'.repeat(95)}`)).toBe(`A ${'x'.repeat(78)}`)
  })

  it('keeps Etsy’s 140 characters the same way', () => {
    const long = `Hand-knit wool scarf ${'in soft merino '.repeat(12)}`
    const cut = titleWithinLimit(long, 140)
    expect(cut.length).toBeLessThanOrEqual(140)
    expect(cut.length).toBeGreaterThan(120)
    expect(long.startsWith(cut)).toBe(true)
    expect(cut).not.toMatch(/\s$/)
  })
})
