// What Gemini is told: the photos, each labelled with its number, and the listing prompt; then, text only, the facts
// found and the category whose item specifics it fills.
import type { Part } from '@google/genai'
import type { FactName } from '../../../contract/analysis.ts'
import { CATALOG_NAME } from '../../../contract/catalog.ts'
import { LISTING_FIELDS, TITLE_MAX } from '../../../contract/listing-fields.ts'
import { TITLE_LIMIT } from '../../../contract/marketplace-listing-parts.ts'
import type { Color } from '../../../contract/options.ts'
import type { AspectsInput } from './image-analyzer.ts'

const PROMPT = [
  `You write second-hand marketplace listings (${CATALOG_NAME}) that sell. The photos above all show one item, numbered in the order given (photo 1 first); labels, tags, soles and backs are often in the later ones. Describe the item as JSON.`,
  `- title: at most ${TITLE_MAX} characters (${TITLE_LIMIT.reason}). Start with the brand (only if read in a photo) and the item type, then what buyers search and filter on: model, material, style, colour, size. No filler words, no emoji, no all-caps.`,
  '- description: a few plain sentences a buyer trusts: what the item is, its visible condition including flaws, notable details (material, features, labels), and measurements only if they are visible. State only what a photo shows, and leave out anything you only inferred; never invent history, accessories or specifications.',
  '- suggestedPrice: the price of this item new at retail, in whole US dollars.',
  '- medianUsedPrice: the median price this item sells for used, in whole US dollars, weighing new and used prices; usually below suggestedPrice.',
  `- keywords: up to ${LISTING_FIELDS.keywords.ai.maxItems} words or short phrases buyers type when searching for this item, most important first.`,
  '- category and primaryColor: the closest allowed value; primaryColor is the colour of the item itself, not the background.',
  '- type: Vintage, Handmade, Limited (limited edition) or Custom only when evident, otherwise Regular.',
  '- sizeType and department: for clothing, shoes and fashion accessories; null for anything else.',
  '- facts: brand, size, material and model. seen is true only when you read it in a photo (a label, tag, logo, print or engraving), with the number of that photo; a value you infer from the design or style has seen false and photo null. Unknown: value "".',
  '- flaws: every flaw (stain, hole, scuff, crack, missing part, wear), each with the photo that shows it; one you only suspect has seen false.',
  '- details: other attributes you can read or see, as name and value (e.g. "Sleeve Length": "Long", "Closure": "Zip", "Storage Capacity": "128 GB"), with the photo that shows each.',
  '- packageWeightOz, packageLength, packageWidth, packageHeight: the parcel it would ship in, packed as resellers pack it (a poly mailer for soft goods, a box for anything breakable): its weight in whole ounces and its outside size in whole inches, longest side first; e.g. a T-shirt 8 oz in a 12×10×1 mailer, a pair of shoes 48 oz in a 14×10×5 box. Your estimate from the item and its type; 0 when you cannot tell.',
].join('\n')

export function promptFor(measuredColor: Color | ''): string {
  if (!measuredColor) return PROMPT
  return `${PROMPT}\nA pixel measurement says photo 1's main colour is ${measuredColor}; the background may have skewed it, so trust what you see on the item.`
}

/** Each photo labelled with its number, so the model can say which one it read a fact in. */
export function photoParts(photos: Buffer[]): Part[] {
  return photos.flatMap((jpeg, index) => [
    { text: `Photo ${index + 1}:` },
    { inlineData: { mimeType: 'image/jpeg', data: jpeg.toString('base64') } },
  ])
}

export function aspectsPrompt({ analysis, category }: AspectsInput): string {
  const { suggestion, facts, details, flaws } = analysis
  const fact = (name: FactName) =>
    facts[name].value
      ? `${facts[name].value} (${facts[name].seen ? `read in photo ${facts[name].photo}` : 'inferred'})`
      : 'unknown'
  return [
    `Fill ${CATALOG_NAME}'s item specifics for this item, listed in ${CATALOG_NAME}'s category "${category.name}". Where ${CATALOG_NAME} gives a list of values, choose the one that fits; otherwise write a short value in ${CATALOG_NAME}'s style. Use null when neither the facts below nor the item type tell you the value. Never invent a brand, a size or a model.`,
    `Title: ${suggestion.title}`,
    `Description: ${suggestion.description}`,
    `Brand: ${fact('brand')}. Size: ${fact('size')}. Material: ${fact('material')}. Model: ${fact('model')}.`,
    `Department: ${suggestion.department || 'unknown'}. Size type: ${suggestion.sizeType || 'unknown'}. Colour: ${suggestion.primaryColor || 'unknown'}.`,
    details.length ? `Seen on the item: ${details.map((detail) => `${detail.name}: ${detail.value}`).join('; ')}.` : '',
    flaws.length ? `Flaws: ${flaws.map((flaw) => flaw.text).join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n')
}
