// src/offline/untouched-draft.ts: a draft nothing was put into goes when the seller leaves it; anything typed, scanned,
// photographed or chosen keeps it.
import { describe, expect, it } from 'vitest'
import { EMPTY_FIELDS, type Draft } from '../../../src/offline/db.ts'
import { isUntouched } from '../../../src/offline/untouched-draft.ts'

const blank: Draft = {
  id: 'd1',
  userId: 1,
  createdAt: 0,
  updatedAt: 0,
  fields: { ...EMPTY_FIELDS },
  edited: [],
  aiFilled: [],
  photoIds: [],
  state: 'editing',
  suggestionsReady: false,
}

describe('an untouched draft', () => {
  it('is one opened and left, or whose typing was erased to blank (spaces too)', () => {
    expect(isUntouched(blank)).toBe(true)
    expect(isUntouched({ ...blank, fields: { ...EMPTY_FIELDS, title: '  ' }, edited: ['title'] })).toBe(true)
  })

  it.each<[string, Partial<Draft>]>([
    ['a title typed', { fields: { ...EMPTY_FIELDS, title: 'Pyrex bowl' } }],
    ['a quantity changed', { fields: { ...EMPTY_FIELDS, quantity: '3' } }],
    ['a photo', { photoIds: ['p1'] }],
    ['a barcode scanned', { barcode: { code: '9780134685991', state: 'waiting' } }],
    ['an item specific typed', { aspects: { Author: 'Joshua Bloch' } }],
    ['eBay’s category chosen', { catalogCategoryChosen: true, catalogCategory: { id: '1', name: 'Books' } }],
    ['an edit of a listing', { editOf: { listingId: 4, version: 1 } }],
    ['an item of a haul', { haulId: 'h1', haulPosition: 0 }],
    ['being sent', { state: 'queued' }],
  ])('is not one with %s', (_, change) => {
    expect(isUntouched({ ...blank, ...change })).toBe(false)
  })
})
