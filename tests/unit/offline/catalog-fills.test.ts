// src/offline/catalog-fills.ts for a book (decision 0059): an ISBN, or a product eBay files under Books, makes the
// Category Books, and the catalog's item specifics fill the fields that answer them, when the value fits the field.
import { describe, expect, it } from 'vitest'
import type { CatalogProduct } from '../../../api/contract/catalog.ts'
import { catalogFields, isBook } from '../../../src/offline/catalog-fills.ts'

const book: CatalogProduct = {
  epid: '240123456',
  title: 'Effective Java by Joshua Bloch (2018, Trade Paperback)',
  brand: '',
  category: { id: '261186', name: 'Books' },
  aspects: {
    Author: 'Joshua Bloch',
    Format: 'Trade Paperback',
    Publisher: 'Addison-Wesley',
    'Publication Year': '2018',
    Language: 'English',
  },
  stockPhotoUrl: null,
}

describe('a book from eBay’s catalog', () => {
  it('is one by its ISBN or by eBay’s Books category, and not a console by its UPC', () => {
    expect(isBook({ ...book, category: null }, '9780134685991')).toBe(true)
    expect(isBook(book, undefined)).toBe(true)
    expect(isBook({ ...book, category: { id: '139971', name: 'Video Game Consoles' } }, '045496882174')).toBe(false)
  })

  it('fills Books and the author, format, publisher and year; a year that is not one fills nothing', () => {
    expect(catalogFields(book, null, '9780134685991')).toMatchObject({
      category: 'books',
      author: 'Joshua Bloch',
      bookFormat: 'Trade Paperback',
      publisher: 'Addison-Wesley',
      publicationYear: '2018',
    })
    const odd = catalogFields({ ...book, aspects: { 'Publication Year': 'circa 1900' } }, null, '9780134685991')
    expect(odd).not.toHaveProperty('publicationYear')
  })
})
