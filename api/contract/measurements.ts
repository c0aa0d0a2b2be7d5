// A clothing listing's measurements (issue 33, docs/decisions/0047): which a buyer asks for on each kind of garment,
// how each is taken, which eBay item specific it answers where eBay's clothing categories have one, and the block they
// add to the description every marketplace gets. The fields themselves are declared in listing-fields.ts.
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
  /** How to take it, said under the field: laid flat, from where to where. */
  how: string
  garments: readonly Garment[]
  /**
   * The item specific eBay's clothing categories name for it (Men's Jeans' Inseam and Waist Size, Dress Shirts'
   * Sleeve Length, T-Shirts' Chest Size), and what it is of the measurement: eBay's Chest Size is round the chest,
   * twice pit to pit. Sent only where the category has the aspect and eBay takes the value (aspect-values.ts).
   */
  ebayAspect?: { name: string; times?: number }
}

export const MEASUREMENTS: Record<MeasurementField, Measurement> = {
  pitToPit: {
    how: 'Laid flat, armpit seam to armpit seam',
    garments: ['top', 'dress'],
    ebayAspect: { name: 'Chest Size', times: 2 },
  },
  shoulders: { how: 'Shoulder seam to shoulder seam, across the back', garments: ['top'] },
  sleeve: { how: 'Shoulder seam to the end of the cuff', garments: ['top'], ebayAspect: { name: 'Sleeve Length' } },
  garmentLength: { how: 'Top of the shoulder (or waistband) to the hem', garments: ['top', 'bottoms', 'dress'] },
  waist: {
    how: 'Laid flat across the waistband, doubled',
    garments: ['bottoms', 'dress'],
    ebayAspect: { name: 'Waist Size' },
  },
  inseam: {
    how: 'Crotch seam to the hem, along the inside leg',
    garments: ['bottoms'],
    ebayAspect: { name: 'Inseam' },
  },
  rise: { how: 'Crotch seam to the top of the waistband, at the front', garments: ['bottoms'] },
  legOpening: { how: 'Laid flat across the hem of one leg', garments: ['bottoms'] },
}

/** The item specifics a measurement answers: eBay's category lists them, and publishing keeps them to send. */
export const MEASUREMENT_ASPECT_NAMES = MEASUREMENT_FIELDS.flatMap((field) => {
  const aspect = MEASUREMENTS[field].ebayAspect
  return aspect ? [aspect.name] : []
})

// eBay's clothing categories, by the words of their names (eBay US's tree: "Jeans", "Pants", "Shorts", "Skirts";
// "Dresses"); any other clothing is measured as a top.
const BOTTOMS = /\b(jeans|pants|trousers|shorts|skirts?|leggings|joggers|chinos|overalls)\b/i
const DRESSES = /\b(dresses|jumpsuits|rompers)\b/i

/** The kind of garment an item is, by its eBay category's name or else its title. */
export function garmentOf(categoryName: string | null | undefined, title = ''): Garment {
  for (const words of [categoryName ?? '', title]) {
    if (BOTTOMS.test(words)) return 'bottoms'
    if (DRESSES.test(words)) return 'dress'
  }
  return 'top'
}

/** A listing, a draft's fields or a form's values: what the measurements are read from. */
type MeasuredFields = { category: string; measurementUnit: string } & Partial<Record<MeasurementField, string>>

/** How the listing's measurements are said: in centimetres where the seller chose them, else in inches. */
const unitOf = (fields: MeasuredFields): 'in' | 'cm' => (fields.measurementUnit === 'cm' ? 'cm' : 'in')

/** The measurements given, in the form's order, for clothing only (a listing moved to another category keeps none). */
function measurementsOf(fields: MeasuredFields): { field: MeasurementField; value: string }[] {
  if (fields.category !== 'clothing') return []
  return MEASUREMENT_FIELDS.flatMap((field) => {
    const value = fields[field]?.trim() ?? ''
    return MEASURE_PATTERN.test(value) ? [{ field, value }] : []
  })
}

/** The value of one of eBay's measurement aspects, in eBay's spelling ('32 in'); '' when no measurement answers it. */
export function measurementAspect(name: string, fields: MeasuredFields): string {
  const unit = unitOf(fields)
  for (const { field, value } of measurementsOf(fields)) {
    const aspect = MEASUREMENTS[field].ebayAspect
    if (aspect?.name !== name) continue
    const amount = Math.round(Number(value) * (aspect.times ?? 1) * 100) / 100
    return `${amount} ${unit}`
  }
  return ''
}

/**
 * The description a marketplace gets: the seller's, then a block of the measurements given, one a line, so a buyer
 * finds them where they look.
 */
function withMeasurements(description: string, fields: MeasuredFields): string {
  const given = measurementsOf(fields)
  if (given.length === 0) return description
  const unit = unitOf(fields)
  const block = [
    'Measurements:',
    ...given.map(({ field, value }) => `${LISTING_FIELDS[field].label}: ${value} ${unit}`),
  ].join('\n')
  return description ? `${description}\n\n${block}` : block
}

/** The description every marketplace gets: the seller's with the measurements block, else the title. */
export const marketplaceDescription = (listing: MeasuredFields & { description: string; title: string }) =>
  withMeasurements(listing.description.trim(), listing) || listing.title
