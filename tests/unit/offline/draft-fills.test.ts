// src/offline/draft-fills.ts: what an analysis puts in a draft's fields (as the form's text), and what late suggestions
// may fill on the listing a draft became: only what the draft sent blank.
import { describe, expect, it } from 'vitest'
import { EMPTY_SUGGESTION, type DraftAnalysis } from '../../../api/contract/analysis.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { EMPTY_FIELDS, type Draft } from '../../../src/offline/db.ts'
import { fieldsOfListing, lateFill, suggestedFields } from '../../../src/offline/draft-fills.ts'

const analysis = (suggestion: Partial<typeof EMPTY_SUGGESTION>): DraftAnalysis => ({
  ...EMPTY_SUGGESTION,
  ...suggestion,
  analyzer: 'gemini',
  source: 'ai',
})

describe('suggestedFields', () => {
  it("gives each suggestion as the form's text, leaves out empty ones, and starts the Price at the median used price", () => {
    expect(
      suggestedFields(
        analysis({ title: 'Brass lamp', keywords: ['brass', 'lamp'], suggestedPrice: 80, medianUsedPrice: 35 }),
      ),
    ).toEqual({ title: 'Brass lamp', keywords: 'brass, lamp', price: '80', medianUsedPrice: '35', askingPrice: '35' })
  })

  it('fills no Price without a median used price', () => {
    expect(suggestedFields(analysis({ title: 'Brass lamp', suggestedPrice: 80 }))).not.toHaveProperty('askingPrice')
  })
})

describe('fieldsOfListing', () => {
  it('holds a listing’s values as if typed: numbers as text, lists joined, nothing as blank', () => {
    const fields = fieldsOfListing({
      ...Object.fromEntries(Object.keys(EMPTY_FIELDS).map((field) => [field, null])),
      title: 'Oak side table',
      price: 40,
      quantity: 2,
      keywords: ['oak', 'table'],
    } as unknown as Listing)
    expect(fields).toMatchObject({ title: 'Oak side table', price: '40', quantity: '2', keywords: 'oak, table' })
    expect(fields.description).toBe('')
  })

  it('shows a parcel never weighed or measured (0) as blank, and a quantity of 0 as 0', () => {
    const fields = fieldsOfListing({
      ...Object.fromEntries(Object.keys(EMPTY_FIELDS).map((field) => [field, null])),
      quantity: 0,
      packageWeightOz: 0,
      packageLength: 13,
      packageWidth: 0,
      packageHeight: 0,
    } as unknown as Listing)
    expect(fields).toMatchObject({ quantity: '0', packageWeightOz: '', packageLength: '13', packageWidth: '' })
  })
})

describe('lateFill', () => {
  const draftWith = (fields: Partial<Draft['fields']>) => ({ fields: { ...EMPTY_FIELDS, ...fields } }) as Draft

  it('fills only the fields the draft sent blank (a price of 0 counts as blank), and keeps the suggestions', () => {
    const fill = lateFill(
      draftWith({ description: 'Mine', medianUsedPrice: '0' }),
      analysis({ description: 'The AI’s', medianUsedPrice: 35, brand: 'Acme' }),
    )
    expect(fill).toMatchObject({ medianUsedPrice: 35, brand: 'Acme' })
    expect(fill).not.toHaveProperty('description')
    expect(fill.aiSuggestions).toMatchObject({ description: 'The AI’s', brand: 'Acme' })
  })
})
