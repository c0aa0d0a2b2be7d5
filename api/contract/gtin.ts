// A product's barcode number (GTIN: UPC-A, EAN-13, EAN-8, GTIN-14, or an ISBN), as a seller scans or types it: digits
// only, its check digit right. An ISBN-10 becomes its ISBN-13 (978 and the same nine digits), the form the marketplaces'
// catalogs and the book trade use, so one book has one code however it was typed. Plain functions: the form, the API, the
// phone's scanner and the marketplaces' stand-ins share them.

/** The lengths of the GTIN family: EAN-8, UPC-A, EAN-13, GTIN-14. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14])

/** GS1's check digit for the digits before it: weights 3 and 1 alternate from the right. */
function gs1CheckDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48
    sum += digit * (i % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

const validGs1 = (digits: string) => gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1))

/** An ISBN-10 (its last character may be X), checked by its own rule, as an ISBN-13. */
function isbn13Of(isbn10: string): string | null {
  const sum = [...isbn10].reduce((total, char, i) => total + (char === 'X' ? 10 : Number(char)) * (10 - i), 0)
  if (sum % 11 !== 0) return null
  const body = `978${isbn10.slice(0, 9)}`
  return `${body}${gs1CheckDigit(body)}`
}

/** The code as digits a catalog matches (spaces and hyphens dropped), or null when it is no valid barcode number. */
export function normalizedGtin(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase()
  if (/^\d{9}[\dX]$/.test(code)) return isbn13Of(code)
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return null
  return validGs1(code) ? code : null
}

/** Which kind of number a valid code is, as a marketplace's inventory item names them (product.upc, .ean, .isbn). */
export function gtinKind(code: string): 'isbn' | 'upc' | 'ean' {
  if (code.length === 13 && /^97[89]/.test(code)) return 'isbn'
  return code.length === 12 ? 'upc' : 'ean'
}

export const GTIN_MESSAGE = 'Barcode must be a UPC, EAN or ISBN number (8 to 14 digits, as printed under the bars)'
