// A clothing listing's measurements (api/contract/measurements.ts): which a garment asks for, the eBay item specifics
// they answer in eBay's spelling (api/contract/ebay/ebay-aspects.ts), the block they add to the description, and what
// the listing's schema takes.
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ListingInputSchema } from '../../../api/contract/listing.ts'
import {
  garmentOf,
  marketplaceDescription,
  measurementHint,
  listedWithUnit,
  MEASUREMENTS,
} from '../../../api/contract/measurements.ts'
import { measurementAspect } from '../../../api/contract/ebay/ebay-aspects.ts'

const jeans = {
  title: "Levi's 501 jeans",
  description: 'Stonewash, button fly.',
  category: 'clothing',
  measurementUnit: '',
  // Laid flat: the listing says it doubled, round the waist.
  waist: '16',
  inseam: '30.5',
  rise: '',
}

describe('the kind of garment', () => {
  it.each([
    ["Men's Jeans", '', 'bottoms'],
    ['Skirts', '', 'bottoms'],
    ['Dresses', '', 'dress'],
    ['Dress Shirts', '', 'top'],
    ['T-Shirts', 'Band tee', 'top'],
    [null, 'Wrangler cargo shorts W34', 'bottoms'],
    [undefined, 'Floral wrap dresses lot', 'dress'],
    ['Coats, Jackets & Vests', 'Carhartt jacket', 'top'],
  ])('eBay’s %s, titled "%s", is measured as %s', (category, title, garment) => {
    expect(garmentOf(category, title)).toBe(garment)
  })

  it('asks every garment for measurements a buyer of it asks for', () => {
    const asked = (garment: string) =>
      Object.entries(MEASUREMENTS).flatMap(([field, { garments }]) =>
        (garments as readonly string[]).includes(garment) ? [field] : [],
      )
    expect(asked('top')).toEqual(['pitToPit', 'shoulders', 'sleeve', 'garmentLength'])
    expect(asked('bottoms')).toEqual(['garmentLength', 'waist', 'inseam', 'rise', 'legOpening'])
    expect(asked('dress')).toEqual(['pitToPit', 'garmentLength', 'waist'])
  })
})

describe('eBay’s measurement item specifics', () => {
  it('are said in eBay’s spelling, in the listing’s unit', () => {
    expect(measurementAspect('Inseam', jeans)).toBe('30.5 in')
    expect(measurementAspect('Waist Size', { ...jeans, measurementUnit: 'cm', waist: '40.5' })).toBe('81 cm')
  })

  it('take eBay’s Chest Size and Waist Size as round the body: twice pit to pit, twice the waist laid flat', () => {
    expect(measurementAspect('Chest Size', { ...jeans, pitToPit: '21.5' })).toBe('43 in')
    expect(measurementAspect('Waist Size', jeans)).toBe('32 in')
    expect(measurementAspect('Waist Size', { ...jeans, waist: '16.25' })).toBe('32.5 in')
  })

  it('answer nothing for a measurement not taken, an aspect no measurement is, or an item that is not clothing', () => {
    expect(measurementAspect('Rise', jeans)).toBe('')
    expect(measurementAspect('Sleeve Length', jeans)).toBe('')
    expect(measurementAspect('Brand', jeans)).toBe('')
    expect(measurementAspect('Inseam', { ...jeans, category: 'home' })).toBe('')
  })
})

describe('each measurement’s one rule', () => {
  it('says how to take it under the field, and what the listing makes of one taken flat', () => {
    expect(measurementHint('waist')).toBe('Laid flat across the waistband; the listing doubles it')
    expect(measurementHint('pitToPit')).toBe('Laid flat, armpit seam to armpit seam; listed as measured, not doubled')
    expect(measurementHint('inseam')).toBe('Crotch seam to the hem, along the inside leg')
  })

  it('doubles a waist laid flat in the listing, and gives pit to pit as measured', () => {
    expect(listedWithUnit('waist', '16', { measurementUnit: '' })).toBe('32 in')
    expect(listedWithUnit('waist', '40.75', { measurementUnit: 'cm' })).toBe('81.5 cm')
    expect(listedWithUnit('pitToPit', '20', { measurementUnit: '' })).toBe('20 in')
    expect(listedWithUnit('legOpening', '7.50', { measurementUnit: '' })).toBe('7.5 in')
    expect(
      marketplaceDescription({ ...jeans, description: '', inseam: '', category: 'clothing', pitToPit: '20' }),
    ).toBe('Measurements:\nPit to pit: 20 in\nWaist: 32 in')
  })
})

describe('the description a marketplace gets', () => {
  it('ends with the measurements given, one a line, in the listing’s unit', () => {
    expect(marketplaceDescription(jeans)).toBe('Stonewash, button fly.\n\nMeasurements:\nWaist: 32 in\nInseam: 30.5 in')
  })

  it('is the measurements alone when the seller wrote no description, and the title with neither', () => {
    expect(marketplaceDescription({ ...jeans, description: ' ', measurementUnit: 'cm' })).toBe(
      'Measurements:\nWaist: 32 cm\nInseam: 30.5 cm',
    )
    expect(marketplaceDescription({ ...jeans, description: '', waist: '', inseam: '' })).toBe("Levi's 501 jeans")
  })

  it('has no measurements once the item is no longer clothing', () => {
    expect(marketplaceDescription({ ...jeans, category: 'other' })).toBe('Stonewash, button fly.')
  })
})

describe('a measurement on the listing', () => {
  const base = { title: 'Jeans', category: 'clothing', color: 'blue' }
  const parse = (fields: Record<string, string>) => v.safeParse(ListingInputSchema, { ...base, ...fields })

  it('takes a number with a decimal point or a decimal comma', () => {
    const parsed = parse({ waist: '32', inseam: '30,5', measurementUnit: 'cm' })
    expect(parsed.success && parsed.output).toMatchObject({ waist: '32', inseam: '30.5', measurementUnit: 'cm' })
  })

  it.each(['thirty', '30 in', '1000', '30.555', '-3'])('refuses "%s", saying how to write it', (typed) => {
    const parsed = parse({ inseam: typed })
    expect(parsed.success).toBe(false)
    expect(parsed.issues?.[0]?.message).toMatch(/^Inseam must (be a number, like 21\.5|be at most 6 characters)/)
  })

  it('refuses a unit that is neither inches nor centimetres', () => {
    expect(parse({ measurementUnit: 'mm' }).issues?.[0]?.message).toBe('Choose a unit from the list')
  })
})
