// Makes any model answer fit the listing's contract: text cleaned, the title cut at its limit, prices in whole
// dollars, choices read into the option sets, facts and flaws with where they were seen, guesses out of the description.
import * as v from 'valibot'
import {
  AnalysisSuggestionSchema,
  FACT_NAMES,
  type Fact,
  type FactName,
  type Flaw,
  type Provenance,
} from '../../../contract/analysis.ts'
import { ASPECT_NAME_MAX, ASPECT_VALUE_MAX } from '../../../contract/catalog.ts'
import { MEASURE_PATTERN, titleWithinLimit, typedMeasure } from '../../../contract/listing-fields.ts'
import type { AnalysisSuggestion, SuggestionKey } from '../../../contract/listing-suggestion.ts'
import { MEASUREMENT_FIELDS, type MeasurementField } from '../../../contract/measurements.ts'
import {
  CATEGORIES,
  COLORS,
  DEPARTMENTS,
  ITEM_TYPES,
  MEASUREMENT_UNITS,
  SIZE_TYPES,
  type Option,
} from '../../../contract/options.ts'
import { analysisFailed } from './errors.ts'
import type { Analysis, Detail } from './image-analyzer.ts'
import {
  CATEGORY_SYNONYMS,
  COLOR_SYNONYMS,
  DEPARTMENT_SYNONYMS,
  keyOf,
  SIZE_TYPE_SYNONYMS,
  TYPE_SYNONYMS,
  UNIT_SYNONYMS,
  type Synonyms,
} from './synonyms.ts'

const KEYWORDS_MAX = 15

// Words that mean "no value"; a model says them despite being told to answer ''.
const NO_VALUE = new Set(['unknown', 'n/a', 'na', 'none', 'null', 'not visible', 'not specified', 'unspecified', '-'])

export function cleanText(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return ''
  const text = String(raw).trim()
  return NO_VALUE.has(text.toLowerCase()) ? '' : text
}

/** Whole non-negative dollars, rounded to the nearest dollar: 49.99 and "$49.99" become 50, "1,299" 1299. */
function toPrice(raw: unknown): number {
  const amount =
    typeof raw === 'number' ? raw : Number(/-?\d[\d,]*(?:\.\d+)?/.exec(String(raw ?? ''))?.[0]?.replace(/,/g, ''))
  return Number.isFinite(amount) ? Math.max(0, Math.round(amount)) : 0
}

function toKeywords(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,;\n]/) : []
  const seen = new Set<string>()
  const keywords: string[] = []
  for (const item of list) {
    const keyword = cleanText(item).replace(/\s+/g, ' ')
    if (!keyword || seen.has(keyword.toLowerCase())) continue
    seen.add(keyword.toLowerCase())
    keywords.push(keyword)
  }
  return keywords.slice(0, KEYWORDS_MAX)
}

export const UNSEEN: Provenance = { seen: false, photo: null }
export const noFacts = (): Record<FactName, Fact> =>
  Object.fromEntries(FACT_NAMES.map((name) => [name, { value: '', ...UNSEEN }])) as Record<FactName, Fact>

/** Seen only with the number of a photo that was sent; a claim to have read it in no photo counts as a guess. */
function provenanceOf(raw: unknown, photoCount: number): Provenance {
  const { seen, photo } = (typeof raw === 'object' && raw !== null ? raw : {}) as { seen?: unknown; photo?: unknown }
  const number =
    typeof photo === 'number' && Number.isInteger(photo) && photo >= 1 && photo <= photoCount ? photo : null
  return seen === true && number !== null ? { seen: true, photo: number } : UNSEEN
}

export const listOf = (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : [])
export const fieldOf = (raw: unknown, name: string): unknown =>
  typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[name] : undefined

function toFacts(raw: unknown, photoCount: number): Record<FactName, Fact> {
  const facts = noFacts()
  for (const name of FACT_NAMES) {
    const value = cleanText(fieldOf(fieldOf(raw, name), 'value')).slice(0, 65)
    facts[name] = value ? { value, ...provenanceOf(fieldOf(raw, name), photoCount) } : { value, ...UNSEEN }
  }
  return facts
}

const toFlaws = (raw: unknown, photoCount: number): Flaw[] =>
  listOf(raw)
    .flatMap((flaw) => {
      const text = cleanText(fieldOf(flaw, 'text')).slice(0, 200)
      return text ? [{ text, ...provenanceOf(flaw, photoCount) }] : []
    })
    .slice(0, 10)

const toDetails = (raw: unknown, photoCount: number): Detail[] =>
  listOf(raw)
    .flatMap((detail) => {
      const [name, value] = [
        cleanText(fieldOf(detail, 'name')).slice(0, ASPECT_NAME_MAX),
        cleanText(fieldOf(detail, 'value')).slice(0, ASPECT_VALUE_MAX),
      ]
      return name && value
        ? [{ name, value, photo: provenanceOf({ seen: true, photo: fieldOf(detail, 'photo') }, photoCount).photo }]
        : []
    })
    .slice(0, 30)

/**
 * docs/product.md §12: the description states only what a photo shows. A sentence naming a value the model only
 * guessed (a brand read from the style, a suspected flaw) is taken out, whatever the prompt told the model.
 */
export function withoutGuesses(description: string, guesses: string[]): string {
  const named = guesses.map((guess) => guess.trim().toLowerCase()).filter((guess) => guess.length >= 2)
  if (named.length === 0) return description
  const sentences = description.match(/[^.!?]+[.!?]*\s*/g) ?? []
  return sentences
    .filter((sentence) => !named.some((guess) => sentence.toLowerCase().includes(guess)))
    .join('')
    .trim()
}

// A missing field reads as null, which every coercion below turns into its empty value.
const answered = v.optional(v.unknown(), null)

/**
 * Reads a model's answer as an allowed value: its value or label in any case, else a synonym, else the first word of a
 * longer phrase that matches ('Apparel & Accessories' → clothing), else the set's fallback. No answer stays ''.
 */
function optionOf<Value extends string>(set: Option<Value>[], synonyms: Synonyms<Value>, fallback: Value | '') {
  const table = new Map<string, Value | ''>()
  for (const [word, value] of Object.entries(synonyms)) table.set(keyOf(word), value)
  for (const option of set) table.set(keyOf(option.value), option.value).set(keyOf(option.label), option.value)
  const pick = (raw: unknown): Value | '' => {
    const answer = cleanText(raw)
    if (!answer) return ''
    const whole = table.get(keyOf(answer))
    if (whole !== undefined) return whole
    for (const word of answer.split(/[^a-zA-Z0-9'’]+/)) {
      const match = word ? table.get(keyOf(word)) : undefined
      if (match) return match
    }
    return fallback
  }
  return v.pipe(answered, v.transform(pick))
}

const looseText = v.pipe(answered, v.transform(cleanText))
const loosePrice = v.pipe(answered, v.transform(toPrice))

/** A measurement read off a tape: the number alone ('21.5 in' and 21.5 are 21.5); anything else is no reading. */
const toMeasure = (raw: unknown) => {
  const number = /\d+(?:[.,]\d+)?/.exec(cleanText(raw))?.[0]
  if (!number) return ''
  const rounded = String(Math.round(Number(typedMeasure(number)) * 100) / 100)
  return MEASURE_PATTERN.test(rounded) && Number(rounded) > 0 ? rounded : ''
}
const looseMeasure = v.pipe(answered, v.transform(toMeasure))
const MEASURES = Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, looseMeasure])) as Record<
  MeasurementField,
  typeof looseMeasure
>

// Lenient on purpose: a reply is only refused without a title; everything else is coerced to the contract.
const ReplySchema = v.object({
  title: v.pipe(v.string(), v.transform(titleWithinLimit)),
  description: looseText,
  suggestedPrice: loosePrice,
  medianUsedPrice: loosePrice,
  category: optionOf(CATEGORIES, CATEGORY_SYNONYMS, 'other'),
  keywords: v.pipe(answered, v.transform(toKeywords)),
  primaryColor: optionOf(COLORS, COLOR_SYNONYMS, 'multi'),
  type: optionOf(ITEM_TYPES, TYPE_SYNONYMS, ''),
  sizeType: optionOf(SIZE_TYPES, SIZE_TYPE_SYNONYMS, ''),
  department: optionOf(DEPARTMENTS, DEPARTMENT_SYNONYMS, ''),
  // The parcel: whole ounces and inches, as prices are whole dollars; 0 when the model could not tell.
  packageWeightOz: loosePrice,
  packageLength: loosePrice,
  packageWidth: loosePrice,
  packageHeight: loosePrice,
  measurementUnit: optionOf(MEASUREMENT_UNITS, UNIT_SYNONYMS, ''),
  ...MEASURES,
  facts: answered,
  flaws: answered,
  details: answered,
} satisfies {
  [Key in Exclude<SuggestionKey, 'brand' | 'size'>]: v.GenericSchema<unknown, AnalysisSuggestion[Key]>
} & Record<'facts' | 'flaws' | 'details', v.GenericSchema>)

/**
 * A model's answer as the analysis of `photoCount` photos; throws the 502 analysis_failed unless it is an object
 * with a string title.
 */
export function normalizeAnalysis(raw: unknown, photoCount: number): Omit<Analysis, 'source'> & { source: 'ai' } {
  const reply = v.safeParse(ReplySchema, raw)
  if (!reply.success) {
    console.error(`[analyzer] the answer has the wrong shape: ${v.summarize(reply.issues).slice(0, 300)}`)
    throw analysisFailed()
  }
  const { facts: rawFacts, flaws: rawFlaws, details: rawDetails, ...flat } = reply.output
  const facts = toFacts(rawFacts, photoCount)
  const flaws = toFlaws(rawFlaws, photoCount)
  const guesses = [
    ...FACT_NAMES.filter((name) => !facts[name].seen).map((name) => facts[name].value),
    ...flaws.filter((flaw) => !flaw.seen).map((flaw) => flaw.text),
  ]
  const suggestion = {
    ...flat,
    description: withoutGuesses(flat.description, guesses),
    brand: facts.brand.value,
    size: facts.size.value,
  }
  // The coercions above must always land inside the contract; checking keeps them honest.
  return {
    suggestion: v.parse(AnalysisSuggestionSchema, suggestion),
    source: 'ai',
    facts,
    flaws,
    details: toDetails(rawDetails, photoCount),
  }
}
