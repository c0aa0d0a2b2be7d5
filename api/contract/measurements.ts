// A clothing listing's measurements (issue 33, docs/decisions/0047): which a buyer asks for on each kind of garment,
// how each is taken, and the block they add to the description every marketplace gets. Which item specific each
// answers in a marketplace's catalog is that marketplace's own (its wing of the contract). The fields themselves are
// declared in listing-fields.ts.
import { escapeHtml } from './email-template.ts'
import { LISTING_FIELDS, MEASURE_PATTERN, type ListingFieldName } from './listing-fields.ts'

export type Garment = 'top' | 'bottoms' | 'dress'

/** The measurement fields, in the form's order. */
export const MEASUREMENT_FIELDS = [
  'pitToPit',
  'shoulders',
  'sleeve',
  'garmentLength',
  'waist',
  'inseam',
  'rise',
  'legOpening',
] as const satisfies readonly ListingFieldName[]
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number]

interface Measurement {
  /** How to take it, said under the field and to the AI reading a tape: from where to where. */
  how: string
  garments: readonly Garment[]
  /**
   * Taken laid flat, across the garment: the listing gives it as measured (pit to pit, a leg opening), or doubled,
   * round the body, where a buyer reads it as their size (a waist: 16 laid flat is "Waist: 32 in").
   */
  flat?: { doubled: boolean }
}

export const MEASUREMENTS: Record<MeasurementField, Measurement> = {
  pitToPit: {
    how: 'Laid flat, armpit seam to armpit seam',
    garments: ['top', 'dress'],
    flat: { doubled: false },
  },
  shoulders: { how: 'Shoulder seam to shoulder seam, across the back', garments: ['top'] },
  sleeve: { how: 'Shoulder seam to the end of the cuff', garments: ['top'] },
  garmentLength: { how: 'Top of the shoulder (or waistband) to the hem', garments: ['top', 'bottoms', 'dress'] },
  waist: {
    how: 'Laid flat across the waistband',
    garments: ['bottoms', 'dress'],
    flat: { doubled: true },
  },
  inseam: { how: 'Crotch seam to the hem, along the inside leg', garments: ['bottoms'] },
  rise: { how: 'Crotch seam to the top of the waistband, at the front', garments: ['bottoms'] },
  legOpening: { how: 'Laid flat across the hem of one leg', garments: ['bottoms'], flat: { doubled: false } },
}

/** What the form says under a measurement: how to take it, and for one taken flat, what the listing makes of it. */
export function measurementHint(field: MeasurementField): string {
  const { how, flat } = MEASUREMENTS[field]
  if (!flat) return how
  return flat.doubled ? `${how}; the listing doubles it` : `${how}; listed as measured, not doubled`
}

/** Twice a flat measurement: round the body. */
const round = (flat: number) => flat * 2

/** A number as a listing says it: at most two decimals, none trailing ('32', '30.5'). */
const said = (amount: number) => String(Math.round(amount * 100) / 100)

/** The measurement as the listing gives it, from the number typed ('16' laid flat across a waist is '32'). */
export function listedMeasurement(field: MeasurementField, typed: string): string {
  const value = Number(typed)
  return said(MEASUREMENTS[field].flat?.doubled ? round(value) : value)
}

/** A measurement typed laid flat, said round the body: '21.5' across the chest is '43'. */
export const roundTheBody = (typed: string) => said(round(Number(typed)))

// Clothing categories, by the words of their names in a marketplace's catalog ("Jeans", "Pants", "Shorts", "Skirts";
// "Dresses"); any other clothing is measured as a top.
const BOTTOMS = /\b(jeans|pants|trousers|shorts|skirts?|leggings|joggers|chinos|overalls)\b/i
const DRESSES = /\b(dresses|jumpsuits|rompers)\b/i

/** The kind of garment an item is, by its catalog category's name or else its title. */
export function garmentOf(categoryName: string | null | undefined, title = ''): Garment {
  for (const words of [categoryName ?? '', title]) {
    if (BOTTOMS.test(words)) return 'bottoms'
    if (DRESSES.test(words)) return 'dress'
  }
  return 'top'
}

/** A listing, a draft's fields or a form's values: what the measurements are read from. */
export type MeasuredFields = { category: string; measurementUnit: string } & Partial<Record<MeasurementField, string>>

/** How the listing's measurements are said: in centimetres where the seller chose them, else in inches. */
export const measurementUnitOf = (fields: Pick<MeasuredFields, 'measurementUnit'>): 'in' | 'cm' =>
  fields.measurementUnit === 'cm' ? 'cm' : 'in'

/** A measurement as the listing says it, with its unit, from the number typed: "32 in" for a waist of 16 laid flat. */
export const listedWithUnit = (
  field: MeasurementField,
  typed: string,
  fields: Pick<MeasuredFields, 'measurementUnit'>,
) => `${listedMeasurement(field, typed)} ${measurementUnitOf(fields)}`

/** A measurement's line in the listing's description: "Waist: 32 in" for 16 laid flat. */
const measurementLine = (field: MeasurementField, typed: string, fields: Pick<MeasuredFields, 'measurementUnit'>) =>
  `${LISTING_FIELDS[field].label}: ${listedWithUnit(field, typed, fields)}`

/** The measurements given, in the form's order, for clothing only (a listing moved to another category keeps none). */
export function givenMeasurements(fields: MeasuredFields): { field: MeasurementField; value: string }[] {
  if (fields.category !== 'clothing') return []
  return MEASUREMENT_FIELDS.flatMap((field) => {
    const value = fields[field]?.trim() ?? ''
    return MEASURE_PATTERN.test(value) ? [{ field, value }] : []
  })
}

/**
 * The description a marketplace gets: the seller's, then a block of the measurements given, one a line, so a buyer
 * finds them where they look.
 */
function withMeasurements(description: string, fields: MeasuredFields): string {
  const given = givenMeasurements(fields)
  if (given.length === 0) return description
  const block = ['Measurements:', ...given.map(({ field, value }) => measurementLine(field, value, fields))].join('\n')
  return description ? `${description}\n\n${block}` : block
}

/** The description every marketplace gets: the seller's with the measurements block, else the title. */
export const marketplaceDescription = (listing: MeasuredFields & { description: string; title: string }) =>
  withMeasurements(listing.description.trim(), listing) || listing.title

/** That description for a marketplace that takes HTML (its description is HTML): the text escaped, its line breaks kept. */
export const marketplaceDescriptionHtml = (listing: MeasuredFields & { description: string; title: string }) =>
  escapeHtml(marketplaceDescription(listing)).replace(/\r?\n/g, '<br>')
