// The products the eBay stand-in's catalog knows (tests/fakes/ebay-catalog.ts), by barcode: a book by its ISBN, one UPC
// that names two products (the seller picks), and nothing for any other code. Browse's search by GTIN finds the
// product's category's market (ebay-sell.ts).
import type { components } from 'ebay-api/lib/types/restful/specs/commerce_catalog_v1_beta_oas3.js'

export type CatalogProductRecord = components['schemas']['Product'] & {
  epid: string
  gtin: string[]
  primaryCategoryId: string
}

const aspects = (values: Record<string, string>) =>
  Object.entries(values).map(([localizedName, value]) => ({ localizedName, localizedValues: [value] }))

export const BOOK_ISBN = '9780134685991'
export const CONSOLE_UPC = '045496882174'
/** A real barcode number the catalog has no product for. */
export const UNKNOWN_GTIN = '4006381333115'

export const FAKE_CATALOG: CatalogProductRecord[] = [
  {
    epid: '240123456',
    title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
    brand: '',
    gtin: [BOOK_ISBN],
    isbn: [BOOK_ISBN, '0134685997'],
    primaryCategoryId: '261186',
    aspects: aspects({
      'Book Title': 'Effective Java',
      Author: 'Joshua Bloch',
      Language: 'English',
      Format: 'Trade Paperback',
      Publisher: 'Addison-Wesley',
      'Publication Year': '2018',
    }),
    image: { imageUrl: '/pictures/effective-java.jpg', width: 400, height: 500 },
  },
  {
    epid: '25034217823',
    title: 'Nintendo Switch OLED Model 64GB Console - White',
    brand: 'Nintendo',
    gtin: [CONSOLE_UPC],
    upc: [CONSOLE_UPC],
    primaryCategoryId: '139971',
    aspects: aspects({ Brand: 'Nintendo', Model: 'Nintendo Switch OLED', Platform: 'Nintendo Switch', Color: 'White' }),
    image: { imageUrl: '/pictures/switch-oled-white.jpg', width: 500, height: 500 },
  },
  {
    epid: '25034217824',
    title: 'Nintendo Switch OLED Model 64GB Console - Neon Red/Neon Blue',
    brand: 'Nintendo',
    gtin: [CONSOLE_UPC],
    upc: [CONSOLE_UPC],
    primaryCategoryId: '139971',
    aspects: aspects({
      Brand: 'Nintendo',
      Model: 'Nintendo Switch OLED',
      Platform: 'Nintendo Switch',
      Color: 'Multicolor',
    }),
  },
]

export const productsWithGtin = (gtin: string) => FAKE_CATALOG.filter((product) => product.gtin.includes(gtin))
