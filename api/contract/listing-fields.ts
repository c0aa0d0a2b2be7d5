// The listing's fields, declared once (docs/product.md §3). The API schema (listing.ts), the create form, the phone's
// drafts, the analyser's answer (analysis.ts and Gemini's response schema) and the database columns
// (api/db/listings.ts) all derive from this list or are checked against it; which item specific a field answers is the
// catalog's (catalog.ts). Adding a field is an entry here and a migration (its column, and in the version trigger:
// listing-versions.test.ts checks); typecheck then names every place that must decide what to do with it
// (docs/decisions/0012).
// Plain data, no valibot: the service worker reads the limits too.
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, MEASUREMENT_UNITS, SIZE_TYPES } from './options.ts'
import type { ListingFieldSpec, TextSpec, WholeNumberSpec } from './listing-field-specs.ts'
import { MARKETPLACE_LISTING_FIELDS, TITLE_LIMIT } from './marketplace-listing-parts.ts'
import { SKU_MAX } from './sku.ts'

/** The title limit every marketplace takes: the shortest of theirs. */
export const TITLE_MAX = TITLE_LIMIT.max

/**
 * A title on one line within a marketplace's limit (TITLE_MAX unless given), cut at a word (and without a dangling
 * separator), so a long title from the AI or the catalog never ends mid-word; when the last word boundary would keep
 * less than half the limit (one long word), it is cut at the limit instead.
 */
export function titleWithinLimit(title: string, max = TITLE_MAX): string {
  const oneLine = title.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= max) return oneLine
  const lastSpace = oneLine.slice(0, max + 1).lastIndexOf(' ')
  const cut = lastSpace > max / 2 ? oneLine.slice(0, lastSpace) : oneLine.slice(0, max)
  return cut.replace(/[\s,;:|/&+–-]+$/, '')
}
/** The seller's Price, in dollars. */
export const ASKING_PRICE_MAX = 1_000_000
/** Any other whole number on a listing (prices in dollars, quantity). */
export const WHOLE_NUMBER_MAX = 10_000_000

/** In the order the create form shows them. */
/** A parcel measure: a whole number, 0 for not given; the AI proposes it from the item, as a guess to check. */
const parcel = (label: string, column: string) =>
  ({
    kind: 'whole',
    label,
    column,
    min: 0,
    fallback: 0,
    ai: { estimate: true },
  }) as const satisfies WholeNumberSpec

/** A measurement as typed: a number with at most two decimals, under 1,000 (inches or centimetres). */
export const MEASURE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/
/** A decimal comma ('21,5', as a European phone's keyboard types it) is the same number. */
export const typedMeasure = (text: string) => text.replace(',', '.')

/**
 * A clothing measurement (measurements.ts says which garments ask for it and how it is taken): a number in the
 * listing's unit, as typed ('21.5'); blank for not measured. The AI reads one only off a tape measure in a photo, and
 * it is a guess to check.
 */
const measure = (label: string, column: string) =>
  ({
    kind: 'text',
    label,
    column,
    max: 6,
    format: 'measure',
    ai: { estimate: true },
  }) as const satisfies TextSpec

export const LISTING_FIELDS = {
  title: {
    kind: 'text',
    label: 'Title',
    column: 'title',
    max: TITLE_MAX,
    required: true,
    limitReason: TITLE_LIMIT.reason,
    ai: {},
  },
  description: { kind: 'text', label: 'Description', column: 'description', max: 4000, ai: {} },
  askingPrice: {
    kind: 'money',
    label: 'Price',
    column: 'asking_price_cents',
    max: ASKING_PRICE_MAX,
    ai: false,
  },
  price: {
    kind: 'whole',
    label: 'Retail Price',
    column: 'price',
    min: 0,
    fallback: 0,
    ai: { name: 'suggestedPrice' },
  },
  medianUsedPrice: {
    kind: 'whole',
    label: 'Median Used Price',
    column: 'median_used_price',
    min: 0,
    fallback: 0,
    legacyNull: true,
    ai: {},
  },
  quantity: { kind: 'whole', label: 'Quantity', column: 'quantity', min: 1, fallback: 1, ai: false },
  category: {
    kind: 'choice',
    label: 'Category',
    column: 'category',
    options: CATEGORIES,
    required: true,
    ai: {},
  },
  keywords: {
    kind: 'keywords',
    label: 'Keywords',
    column: 'keywords',
    maxCount: 30,
    maxLength: 50,
    ai: { maxItems: 10 },
  },
  // The product's barcode (issue 33, docs/decisions/0046): scanned or typed, looked up in the catalog, sent to the
  // marketplaces as the product's UPC, EAN or ISBN.
  gtin: {
    kind: 'text',
    label: 'Barcode (UPC, EAN or ISBN)',
    column: 'gtin',
    max: 14,
    format: 'gtin',
    ai: false,
  },
  color: {
    kind: 'choice',
    label: 'Primary Color',
    column: 'color',
    options: COLORS,
    required: true,
    ai: { name: 'primaryColor' },
  },
  brand: { kind: 'text', label: 'Brand', column: 'brand', max: 65, ai: {} },
  size: { kind: 'text', label: 'Size', column: 'size', max: 65, ai: {} },
  type: { kind: 'choice', label: 'Type', column: 'type', options: ITEM_TYPES, ai: {} },
  sizeType: {
    kind: 'choice',
    label: 'Size Type',
    column: 'size_type',
    options: SIZE_TYPES,
    ai: {},
  },
  department: {
    kind: 'choice',
    label: 'Department',
    column: 'department',
    options: DEPARTMENTS,
    ai: {},
  },
  // Each marketplace's own fields (a catalog product, say), declared in its wing.
  ...MARKETPLACE_LISTING_FIELDS,
  // The parcel it ships in (issue 33, docs/decisions/0045): what carriers and calculated shipping price by. Whole ounces
  // and inches, as the marketplaces' package weight and dimensions take them; 0 is "not given".
  packageWeightOz: parcel('Package weight (oz)', 'package_weight_oz'),
  packageLength: parcel('Package length (in)', 'package_length_in'),
  packageWidth: parcel('Package width (in)', 'package_width_in'),
  packageHeight: parcel('Package height (in)', 'package_height_in'),
  // Clothing measurements (issue 33, docs/decisions/0047), shown for Clothing: what buyers ask before they buy.
  measurementUnit: {
    kind: 'choice',
    label: 'Unit',
    column: 'measurement_unit',
    options: MEASUREMENT_UNITS,
    ai: { estimate: true },
  },
  pitToPit: measure('Pit to pit', 'pit_to_pit'),
  shoulders: measure('Shoulders', 'shoulders'),
  sleeve: measure('Sleeve', 'sleeve'),
  garmentLength: measure('Length', 'garment_length'),
  waist: measure('Waist', 'waist'),
  inseam: measure('Inseam', 'inseam'),
  rise: measure('Rise', 'rise'),
  legOpening: measure('Leg opening', 'leg_opening'),
  // A book's own details (issue 47, docs/decisions/0059), shown for Books in place of clothing's: the catalog fills
  // them for an ISBN, and each answers its item specific of that name.
  author: { kind: 'text', label: 'Author', column: 'author', max: 65, ai: false },
  bookFormat: { kind: 'text', label: 'Format', column: 'book_format', max: 65, ai: false },
  publisher: { kind: 'text', label: 'Publisher', column: 'publisher', max: 65, ai: false },
  publicationYear: {
    kind: 'text',
    label: 'Publication year',
    column: 'publication_year',
    max: 4,
    format: 'digits',
    ai: false,
  },
  // The seller's books (issue 32, docs/decisions/0039): what the item cost, where it was bought, where it sits.
  cost: {
    kind: 'money',
    label: 'Cost',
    column: 'cost_cents',
    max: ASKING_PRICE_MAX,
    zeroAllowed: true,
    ai: false,
    sellerOnly: true,
  },
  /** Blank: Snaplist makes one (madeSku); unique per seller. Not a marketplace's own SKU. */
  sku: { kind: 'text', label: 'SKU', column: 'sku', max: SKU_MAX, ai: false, sellerOnly: true },
  bin: { kind: 'text', label: 'Bin or shelf', column: 'bin', max: 40, ai: false, sellerOnly: true },
  boughtAt: { kind: 'date', label: 'Bought on', column: 'bought_on', ai: false, sellerOnly: true },
  boughtWhere: {
    kind: 'text',
    label: 'Bought where',
    column: 'bought_where',
    max: 100,
    ai: false,
    sellerOnly: true,
  },
  privateNotes: {
    kind: 'text',
    label: 'Private notes',
    column: 'private_notes',
    max: 2000,
    ai: false,
    sellerOnly: true,
  },
} as const satisfies Record<string, ListingFieldSpec>

type Fields = typeof LISTING_FIELDS
export type ListingFieldName = keyof Fields
export type SpecOf<Name extends ListingFieldName> = Fields[Name]

/** The declaration as a list, in its order; the spec widened to the union, for code that handles any field. */
export const LISTING_FIELD_ENTRIES = Object.entries(LISTING_FIELDS) as [ListingFieldName, ListingFieldSpec][]

/** The fields the AI only ever estimates (the parcel, measurements): whatever it fills there is a guess to check. */
export const ESTIMATED_FIELDS = LISTING_FIELD_ENTRIES.flatMap(([name, spec]) =>
  spec.ai && 'estimate' in spec.ai ? [name] : [],
)

/** The fields of the seller's books, which no marketplace ever receives. */
export const SELLER_ONLY_FIELDS = LISTING_FIELD_ENTRIES.flatMap(([name, spec]) =>
  'sellerOnly' in spec && spec.sellerOnly ? [name] : [],
)

// ---------------------------------------------------------------------------------------------------------------------
// The form and the phone's drafts: every field as text, exactly as typed.

export type ListingFormValues = Record<ListingFieldName, string>

/** A new form: blank, whole numbers at what blank means. */
export const EMPTY_FORM_VALUES = Object.fromEntries(
  LISTING_FIELD_ENTRIES.map(([name, spec]) => [name, spec.kind === 'whole' ? String(spec.fallback) : '']),
) as ListingFormValues
