// The schema of each listing field, built from its declaration (listing-fields.ts): one builder per kind of field, the
// messages naming the field by its label. listing.ts puts them together into the listing's schemas.
import * as v from 'valibot'
import { GTIN_MESSAGE, normalizedGtin } from './gtin.ts'
import type {
  ChoiceSpec,
  DateSpec,
  KeywordsSpec,
  ListingFieldSpec,
  MoneySpec,
  TextSpec,
  WholeNumberSpec,
} from './listing-field-specs.ts'
import {
  LISTING_FIELD_ENTRIES,
  MEASURE_PATTERN,
  typedMeasure,
  WHOLE_NUMBER_MAX,
  type ListingFieldName,
  type SpecOf,
} from './listing-fields.ts'
import { valuesOf, type Option } from './options.ts'

// One schema builder per kind of field; the messages name the field by its label.

/** Form inputs arrive as text; numbers are coerced, blank means the default (without one, it is required). */
export const wholeNumber = ({
  label,
  min,
  fallback,
}: Pick<WholeNumberSpec, 'label' | 'min'> & { fallback?: number | undefined }) =>
  v.pipe(
    fallback === undefined
      ? v.union(
          [v.number(`${label} is required`), v.pipe(v.string(`${label} is required`), v.trim())],
          `${label} is required`,
        )
      : v.optional(v.union([v.number(), v.pipe(v.string(), v.trim())]), fallback),
    v.transform((input) => (input === '' ? (fallback ?? Number.NaN) : Number(input))),
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(WHOLE_NUMBER_MAX, `${label} is too large`),
  )

const tooLong = ({ label, max, limitReason }: TextSpec) =>
  `${label} must be at most ${max} characters${limitReason ? ` (${limitReason})` : ''}`

const requiredText = (spec: TextSpec) =>
  v.pipe(
    v.optional(v.string(`${spec.label} is required`), ''),
    v.trim(),
    v.nonEmpty(`${spec.label} is required`),
    v.maxLength(spec.max, tooLong(spec)),
  )

const optionalText = (spec: TextSpec) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${spec.label} must be text`)), ''),
    v.transform((text) => (text ?? '').trim()),
    // A barcode is kept as the digits a catalog matches (an ISBN-10 as its ISBN-13); one that is no barcode stays as
    // typed, for the check below to refuse it.
    v.transform((text) => (spec.format === 'gtin' && text !== '' ? (normalizedGtin(text) ?? text) : text)),
    v.transform((text) => (spec.format === 'measure' ? typedMeasure(text) : text)),
    v.maxLength(spec.max, tooLong(spec)),
    v.check((text) => text === '' || spec.format !== 'gtin' || normalizedGtin(text) === text, GTIN_MESSAGE),
    v.check((text) => text === '' || spec.format !== 'digits' || /^\d+$/.test(text), `${spec.label} must be digits`),
    v.check(
      (text) => text === '' || spec.format !== 'measure' || MEASURE_PATTERN.test(text),
      `${spec.label} must be a number, like 21.5`,
    ),
  )

const requiredChoice = <Value extends string>(label: string, options: readonly Option<Value>[]) =>
  v.picklist(valuesOf(options), `Choose a ${label.toLowerCase()}`)

/** '' for "not chosen", or one of the set. */
const optionalChoice = ({ label, options }: ChoiceSpec) => {
  const values = valuesOf(options)
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((value) => value ?? ''),
    v.check((value) => value === '' || values.includes(value), `Choose a ${label.toLowerCase()} from the list`),
  )
}

const isCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6

/** Text or a number, blank for "not set" (null); more than $0 (or $0 itself), at most 2 decimals, at most `max`. */
export const money = ({ label, max, zeroAllowed }: Pick<MoneySpec, 'label' | 'max' | 'zeroAllowed'>) => {
  const notANumber = `${label} must be a number, like 24.99`
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(notANumber), v.pipe(v.string(notANumber), v.trim())])), null),
    v.transform((input) => (input === null || input === '' ? null : Number(input))),
    v.check((price) => price === null || Number.isFinite(price), notANumber),
    v.check(
      (price) => price === null || price > 0 || (zeroAllowed === true && price === 0),
      zeroAllowed ? `${label} cannot be less than $0` : `${label} must be more than $0`,
    ),
    v.check((price) => price === null || isCents(price), `${label} can have at most 2 decimals (dollars and cents)`),
    // Worded when it is needed: the first toLocaleString of a page loads the number formats, which holds a phone's main
    // thread for a while (about 100 ms at Lighthouse's CPU slowdown), and this runs as the app starts.
    v.check(
      (price) => price === null || price <= max,
      () => `${label} must be at most $${max.toLocaleString('en-US')}`,
    ),
  )
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** A real calendar day (not 2026-02-30) in years a bookkeeper means. */
export const isCalendarDay = (text: string) => {
  const parts = ISO_DAY.exec(text)
  if (!parts) return false
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A day as YYYY-MM-DD (what a date input gives); blank is null. */
export const calendarDay = ({ label }: Pick<DateSpec, 'label'>) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be a date like 2026-03-14`)), null),
    v.transform((text) => (text ?? '').trim() || null),
    v.check((day) => day === null || isCalendarDay(day), `${label} must be a date like 2026-03-14`),
  )

export const toCents = (dollars: number) => Math.round(dollars * 100)

export const keywordsFromText = (text: string) =>
  text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean)

const keywords = ({ label, maxCount, maxLength }: KeywordsSpec) =>
  v.pipe(
    v.optional(v.union([v.array(v.string(`${label} must be text`)), v.string()]), []),
    v.transform((input) =>
      typeof input === 'string' ? keywordsFromText(input) : input.map((keyword) => keyword.trim()).filter(Boolean),
    ),
    v.maxLength(maxCount, `Use at most ${maxCount} keywords`),
    v.check(
      (list) => list.every((keyword) => keyword.length <= maxLength),
      `Each keyword must be at most ${maxLength} characters`,
    ),
  )

type SchemaOf<Spec> = Spec extends { kind: 'text'; required: true }
  ? ReturnType<typeof requiredText>
  : Spec extends { kind: 'text' }
    ? ReturnType<typeof optionalText>
    : Spec extends { kind: 'whole' }
      ? ReturnType<typeof wholeNumber>
      : Spec extends { kind: 'money' }
        ? ReturnType<typeof money>
        : Spec extends { kind: 'date' }
          ? ReturnType<typeof calendarDay>
          : Spec extends { kind: 'choice'; required: true; options: readonly Option<infer Value>[] }
            ? ReturnType<typeof requiredChoice<Value>>
            : Spec extends { kind: 'choice' }
              ? ReturnType<typeof optionalChoice>
              : Spec extends { kind: 'keywords' }
                ? ReturnType<typeof keywords>
                : never

function schemaOf(spec: ListingFieldSpec) {
  switch (spec.kind) {
    case 'text':
      return spec.required ? requiredText(spec) : optionalText(spec)
    case 'whole':
      return wholeNumber(spec)
    case 'money':
      return money(spec)
    case 'date':
      return calendarDay(spec)
    case 'choice':
      return spec.required ? requiredChoice(spec.label, spec.options) : optionalChoice(spec)
    case 'keywords':
      return keywords(spec)
  }
}

// The cast restates per field what schemaOf's switch returns for its kind.
export const FIELD_SCHEMAS = Object.fromEntries(
  LISTING_FIELD_ENTRIES.map(([name, spec]) => [name, schemaOf(spec)]),
) as {
  [Name in ListingFieldName]: SchemaOf<SpecOf<Name>>
}
