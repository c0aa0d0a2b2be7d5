// The response schemas that force Gemini's answers into docs/product.md §3's shape (with whether each fact was read in
// a photo or guessed) and into the catalog's own values for the item specifics.
import { Type, type Schema } from '@google/genai'
import { FACT_NAMES } from '../../../contract/analysis.ts'
import { CATALOG_NAME } from '../../../contract/catalog.ts'
import { TITLE_MAX } from '../../../contract/listing-fields.ts'
import { AI_FIELDS, type SuggestionKey } from '../../../contract/listing-suggestion.ts'
import type { ListingFieldSpec } from '../../../contract/listing-field-specs.ts'
import { MEASUREMENT_FIELDS, MEASUREMENTS } from '../../../contract/measurements.ts'
import { valuesOf, type Option } from '../../../contract/options.ts'
import type { AspectToFill } from './image-analyzer.ts'

const enumOf = (set: readonly Option[]): Schema => ({ type: Type.STRING, enum: valuesOf(set) })

/** What the response schema tells the model about a field, beside its type; every field the AI fills says. */
const MODEL_HINTS: Record<SuggestionKey, string | undefined> = {
  title: `At most ${TITLE_MAX} characters, led by brand and item type.`,
  description: 'Only what a photo shows.',
  suggestedPrice: 'New retail price in whole US dollars.',
  medianUsedPrice: 'Median used sale price in whole US dollars.',
  category: undefined,
  keywords: undefined,
  primaryColor: undefined,
  brand: undefined,
  size: undefined,
  type: undefined,
  sizeType: undefined,
  department: undefined,
  packageWeightOz: 'Shipping weight packed, in whole ounces (16 to a pound); 0 when you cannot tell.',
  packageLength: 'The packed parcel’s longest side, in whole inches; 0 when you cannot tell.',
  packageWidth: 'The packed parcel’s middle side, in whole inches; 0 when you cannot tell.',
  packageHeight: 'The packed parcel’s shortest side, in whole inches; 0 when you cannot tell.',
  measurementUnit: 'cm when the measurements are read off a tape in centimetres; null for inches or no tape.',
  ...(Object.fromEntries(
    MEASUREMENT_FIELDS.map((field) => [
      field,
      `Read off a tape measure in a photo (${MEASUREMENTS[field].how.toLowerCase()}), as a number; "" when no tape shows it.`,
    ]),
  ) as Record<(typeof MEASUREMENT_FIELDS)[number], string>),
}

function modelSchemaOf(spec: ListingFieldSpec, hint: string | undefined): Schema {
  const described = hint ? { description: hint } : {}
  switch (spec.kind) {
    case 'whole':
      return { type: Type.INTEGER, minimum: 0, ...described }
    case 'keywords':
      return {
        type: Type.ARRAY,
        items: { type: Type.STRING },
        ...(spec.ai && spec.ai.maxItems ? { maxItems: String(spec.ai.maxItems) } : {}),
        ...described,
      }
    // An optional choice does not apply to every item (a phone has no size type) and the option sets have no '', so
    // the model may answer null, which normalizeSuggestion turns into ''.
    case 'choice':
      return { ...enumOf(spec.options), ...(spec.required ? {} : { nullable: true }), ...described }
    default:
      return { type: Type.STRING, ...described }
  }
}

// brand and size come from `facts`, which say where each was read.
const FROM_FACTS: SuggestionKey[] = ['brand', 'size']
const FLAT_FIELDS = AI_FIELDS.filter(({ suggestion }) => !FROM_FACTS.includes(suggestion))

const PHOTO_NUMBER: Schema = {
  type: Type.INTEGER,
  minimum: 1,
  nullable: true,
  description: 'The photo it was read in (1 = the first); null when inferred.',
}

/**
 * An object with every property required, in the order given: without `propertyOrdering` Gemini orders the fields
 * alphabetically, away from the order the prompt explains them in.
 */
function objectOf(properties: Record<string, Schema>): Schema {
  const names = Object.keys(properties)
  return { type: Type.OBJECT, properties, required: names, propertyOrdering: names }
}

const FACT_SCHEMA = objectOf({
  value: { type: Type.STRING, description: 'Empty string when unknown.' },
  seen: {
    type: Type.BOOLEAN,
    description: 'true only when read in a photo (label, tag, logo, print); false when inferred.',
  },
  photo: PHOTO_NUMBER,
})

export const RESPONSE_SCHEMA = objectOf({
  ...Object.fromEntries(
    FLAT_FIELDS.map(({ suggestion, spec }) => [suggestion, modelSchemaOf(spec, MODEL_HINTS[suggestion])]),
  ),
  facts: objectOf(Object.fromEntries(FACT_NAMES.map((name) => [name, FACT_SCHEMA]))),
  flaws: {
    type: Type.ARRAY,
    maxItems: '10',
    items: objectOf({ text: { type: Type.STRING }, seen: { type: Type.BOOLEAN }, photo: PHOTO_NUMBER }),
  },
  details: {
    type: Type.ARRAY,
    maxItems: '30',
    items: objectOf({ name: { type: Type.STRING }, value: { type: Type.STRING }, photo: PHOTO_NUMBER }),
  },
})

// Gemini refuses schemas with very many enum values; a longer list of the catalog's is sent as text and matched afterwards.
const ASPECT_ENUM_MAX = 60

export function aspectsSchema(aspects: AspectToFill[]): Schema {
  const names = aspects.map((aspect) => aspect.name)
  const values: Record<string, Schema> = Object.fromEntries(
    aspects.map((aspect) => [
      aspect.name,
      {
        type: Type.STRING,
        nullable: true,
        ...(aspect.allowedValues.length > 0 && aspect.allowedValues.length <= ASPECT_ENUM_MAX
          ? { enum: aspect.allowedValues }
          : {}),
        description:
          `${aspect.required ? `Required by ${CATALOG_NAME}. ` : ''}${aspect.allowedValues.length > ASPECT_ENUM_MAX ? `One of ${CATALOG_NAME}'s values, e.g. ${aspect.allowedValues.slice(0, 12).join(', ')}.` : ''}`.trim() ||
          undefined,
      },
    ]),
  )
  return objectOf({
    values: { type: Type.OBJECT, properties: values, propertyOrdering: names },
    guessed: {
      type: Type.ARRAY,
      items: { type: Type.STRING, enum: names },
      description: 'The names whose value you inferred rather than read in a photo.',
    },
  })
}
