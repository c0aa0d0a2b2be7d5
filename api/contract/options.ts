// The option sets of docs/product.md §3, defined once: the listing schema, the form's selects, Gemini's enums and the
// marketplaces' aspect mappings all read these.
export interface Option<Value extends string = string> {
  value: Value
  label: string
}

const options = <const Value extends string>(...entries: (Value | [Value, string])[]): Option<Value>[] =>
  entries.map((entry) =>
    typeof entry === 'string' ? { value: entry, label: entry } : { value: entry[0], label: entry[1] },
  )

export const CATEGORIES = options(
  ['clothing', 'Clothing'],
  ['electronics', 'Electronics'],
  ['home', 'Home & Garden'],
  ['collectibles', 'Collectibles'],
  // A book has its own fields (author, format, publisher, year) in place of clothing's (decision 0059).
  ['books', 'Books'],
  ['other', 'Other'],
)
export const COLORS = options(
  ['black', 'Black'],
  ['white', 'White'],
  ['red', 'Red'],
  ['blue', 'Blue'],
  ['green', 'Green'],
  ['yellow', 'Yellow'],
  ['purple', 'Purple'],
  ['brown', 'Brown'],
  ['gray', 'Gray'],
  ['multi', 'Multi'],
)
export const ITEM_TYPES = options('Regular', 'Vintage', 'Handmade', ['Limited', 'Limited Edition'], 'Custom')
export const SIZE_TYPES = options('Regular', 'Petite', 'Plus', 'Maternity', 'Junior', ['Big', 'Big & Tall'])
export const DEPARTMENTS = options('Adult Unisex', 'Men', 'Women', 'Boys', 'Girls', 'Babies')
/** The unit a clothing seller measures in (measurements.ts), besides inches: not chosen, as US buyers read them. */
export const MEASUREMENT_UNITS = options(['cm', 'Centimeters'])
/** Snaplist's own condition; a marketplace's finer ones are in its publish contract. */
export const CONDITIONS = options(['used', 'Used'], ['new', 'New'])

export const valuesOf = <Value extends string>(set: readonly Option<Value>[]) =>
  set.map((option) => option.value) as [Value, ...Value[]]

export type Category = (typeof CATEGORIES)[number]['value']
export type Color = (typeof COLORS)[number]['value']
export type ItemType = (typeof ITEM_TYPES)[number]['value']
export type SizeType = (typeof SIZE_TYPES)[number]['value']
export type Department = (typeof DEPARTMENTS)[number]['value']
export type Condition = (typeof CONDITIONS)[number]['value']
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number]['value']

export const labelOf = (set: readonly Option[], value: string | null | undefined) =>
  set.find((option) => option.value === value)?.label ?? value ?? ''
