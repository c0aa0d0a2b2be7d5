// Makes the model's item specifics fit the catalog's: one of its values or free text within its limit, each carrying
// the photo of the fact or detail behind it, or marked a guess.
import type { AspectSuggestion, FactName, Provenance } from '../../../contract/analysis.ts'
import { ASPECT_VALUE_MAX } from '../../../contract/catalog.ts'
import type { AspectsInput } from './image-analyzer.ts'
import { cleanText, fieldOf, listOf, UNSEEN } from './normalize-analysis.ts'

/** An item specific's value in the catalog's spelling: one of its values (any case), or free text within its limit. */
function catalogValue(raw: unknown, allowedValues: string[]): string {
  const text = cleanText(raw)
  if (!text) return ''
  if (allowedValues.length === 0) return text.slice(0, ASPECT_VALUE_MAX)
  return allowedValues.find((allowed) => allowed.toLowerCase() === text.toLowerCase()) ?? ''
}

/** Which fact stands behind an aspect of this name, so it carries that fact's photo. */
const FACT_OF_ASPECT: Record<string, FactName> = {
  brand: 'brand',
  size: 'size',
  material: 'material',
  model: 'model',
  'us shoe size': 'size',
}

export function normalizeAspects(raw: unknown, { analysis, aspects }: AspectsInput): AspectSuggestion[] {
  const values = fieldOf(raw, 'values')
  const guessed = new Set(listOf(fieldOf(raw, 'guessed')).map((name) => String(name).toLowerCase()))
  return aspects.map((aspect) => {
    const value = catalogValue(fieldOf(values, aspect.name), aspect.allowedValues)
    const fact = FACT_OF_ASPECT[aspect.name.toLowerCase()]
    const detail = analysis.details.find((entry) => entry.name.toLowerCase() === aspect.name.toLowerCase())
    const provenance: Provenance = !value
      ? UNSEEN
      : fact && analysis.facts[fact].value
        ? { seen: analysis.facts[fact].seen, photo: analysis.facts[fact].photo }
        : guessed.has(aspect.name.toLowerCase())
          ? UNSEEN
          : { seen: true, photo: detail?.photo ?? null }
    return { name: aspect.name, value, required: aspect.required, allowedValues: aspect.allowedValues, ...provenance }
  })
}
