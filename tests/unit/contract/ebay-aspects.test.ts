// api/contract/ebay/ebay-aspects.ts: which of the listing's fields answers which eBay item specific, and when eBay takes a
// value (docs/decisions/0022).
import { describe, expect, it } from 'vitest'
import {
  acceptedAspectValue,
  aspectFromFields,
  fieldValueOfAspect,
  isFieldAspect,
  withoutFieldAspects,
} from '../../../api/contract/ebay/ebay-aspects.ts'

describe('aspectFromFields', () => {
  it("gives a field's text, a choice's label, and nothing for a blank field or an aspect no field answers", () => {
    expect(aspectFromFields('Brand', { brand: "  Levi's " })).toBe("Levi's")
    expect(aspectFromFields('Color', { color: 'blue' })).toBe('Blue')
    expect(aspectFromFields('Size Type', { sizeType: 'Big' })).toBe('Big & Tall')
    expect(aspectFromFields('Brand', { brand: null })).toBe('')
    expect(aspectFromFields('Style', { brand: "Levi's" })).toBe('')
  })

  it("answers eBay's US Shoe Size with the listing's Size", () => {
    expect(aspectFromFields('US Shoe Size', { size: '10' })).toBe('10')
  })
})

describe('acceptedAspectValue', () => {
  it('takes free text as given, trimmed, and refuses an empty one', () => {
    expect(acceptedAspectValue('  W32 L32 ', [])).toBe('W32 L32')
    expect(acceptedAspectValue('   ', [])).toBeNull()
  })

  it("takes a list value in eBay's spelling: any case, the same words in another order or number", () => {
    const departments = ['Men', 'Women', 'Unisex Adults', 'Baby']
    expect(acceptedAspectValue('men', departments)).toBe('Men')
    expect(acceptedAspectValue('Adult Unisex', departments)).toBe('Unisex Adults')
    expect(acceptedAspectValue('Babies', departments)).toBe('Baby')
    expect(acceptedAspectValue('Kids', departments)).toBeNull()
  })
})

describe('fieldValueOfAspect', () => {
  it("puts what was typed for an aspect in the listing's own field: text as typed, a choice as its option", () => {
    expect(fieldValueOfAspect('Brand', ' Wrangler ')).toEqual({ field: 'brand', value: 'Wrangler' })
    expect(fieldValueOfAspect('Department', 'women')).toEqual({ field: 'department', value: 'Women' })
    expect(fieldValueOfAspect('Size Type', 'big & tall')).toEqual({ field: 'sizeType', value: 'Big' })
  })

  it('gives nothing when no field answers the aspect, the field cannot hold the value, or the value is blank', () => {
    expect(fieldValueOfAspect('Style', 'Straight')).toBeUndefined()
    expect(fieldValueOfAspect('Department', 'Pets')).toBeUndefined()
    expect(fieldValueOfAspect('Brand', 'x'.repeat(66))).toBeUndefined()
    expect(fieldValueOfAspect('Brand', '  ')).toBeUndefined()
  })
})

describe('withoutFieldAspects', () => {
  it('keeps only the item specifics no field of the listing answers: the fields alone decide theirs', () => {
    expect(isFieldAspect('Brand')).toBe(true)
    expect(withoutFieldAspects({ Brand: "Levi's", Size: 'W32', Style: 'Straight', Inseam: '32' })).toEqual({
      Style: 'Straight',
      Inseam: '32',
    })
  })
})
