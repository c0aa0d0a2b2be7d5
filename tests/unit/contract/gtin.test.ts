// A barcode number as a seller scans or types it (api/contract/gtin.ts): the GTIN family with its check digit, an ISBN-10
// as its ISBN-13, spaces and hyphens dropped, anything else refused; and the kind eBay names it by.
import { describe, expect, it } from 'vitest'
import { gtinKind, normalizedGtin } from '../../../api/contract/gtin.ts'
import { ean13Modules } from '../../helpers/barcodes.ts'

describe('a barcode number', () => {
  it.each([
    ['9780134685991', '9780134685991'],
    ['978-0-13-468599-1', '9780134685991'],
    ['0134685997', '9780134685991'],
    ['0-8044-2957-X', '9780804429573'],
    ['080442957x', '9780804429573'],
    ['045496882174', '045496882174'],
    ['4006381333115', '4006381333115'],
    ['73513537', '73513537'],
    ['10045496882171', '10045496882171'],
  ])('%s is %s', (typed, code) => {
    expect(normalizedGtin(typed)).toBe(code)
  })

  it.each(['9780134685992', '0134685998', '12345', '1234567890123456', 'ISBN 9780134685991', '', '0000000000001'])(
    'refuses %s',
    (typed) => {
      expect(normalizedGtin(typed)).toBeNull()
    },
  )

  it('names an ISBN, a UPC and an EAN as eBay’s inventory item does', () => {
    expect(gtinKind('9780134685991')).toBe('isbn')
    expect(gtinKind('9791032305690')).toBe('isbn')
    expect(gtinKind('045496882174')).toBe('upc')
    expect(gtinKind('4006381333115')).toBe('ean')
    expect(gtinKind('73513537')).toBe('ean')
  })
})

describe('the test suite’s EAN-13 drawing', () => {
  it('draws GS1’s modules: 95 in all, guards at both ends and in the middle', () => {
    const modules = ean13Modules('9780134685991')
    expect(modules).toHaveLength(95)
    expect(modules.slice(0, 3)).toBe('101')
    expect(modules.slice(45, 50)).toBe('01010')
    expect(modules.slice(92)).toBe('101')
  })
})
