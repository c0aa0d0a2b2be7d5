// Photos → listing suggestion: the Gemini analyser (all of a draft's photos + prompt, answer forced into docs/product.md
// §3's shape by a response schema, with whether each fact was read in a photo or guessed), its second, text-only call
// that fills eBay's item specifics from eBay's own values (docs/product.md §12), the no-key local fallback, and the
// normaliser that makes any model answer fit the option sets.
import {
  ApiError,
  FinishReason,
  GoogleGenAI,
  Type,
  type GenerateContentResponse,
  type Part,
  type Schema,
} from '@google/genai'
import * as v from 'valibot'
import {
  AnalysisSuggestionSchema,
  FACT_NAMES,
  type AnalysisSource,
  type AnalyzerName,
  type AspectSuggestion,
  type Fact,
  type FactName,
  type Flaw,
  type Provenance,
} from '../../contract/analysis.ts'
import { ASPECT_NAME_MAX, ASPECT_VALUE_MAX } from '../../contract/ebay-aspects.ts'
import {
  AI_FIELDS,
  EMPTY_SUGGESTION,
  LISTING_FIELDS,
  TITLE_MAX,
  type AnalysisSuggestion,
  type ListingFieldSpec,
  type SuggestionKey,
} from '../../contract/listing-fields.ts'
import {
  CATEGORIES,
  COLORS,
  DEPARTMENTS,
  ITEM_TYPES,
  SIZE_TYPES,
  valuesOf,
  type Category,
  type Color,
  type Department,
  type ItemType,
  type Option,
  type SizeType,
} from '../../contract/options.ts'
import { AppError } from '../../errors.ts'

export interface AnalyzeInput {
  /** The item's photos in the seller's order (photo 1 first), each a JPEG of at most 768 px. */
  photos: Buffer[]
  /** The first photo's main colour measured from the pixels, '' when unknown. */
  measuredColor: Color | ''
}

/** Something the model saw on the item that an item specific may need (e.g. "Sleeve Length: Long", photo 2). */
export interface Detail {
  name: string
  value: string
  photo: number | null
}

export interface Analysis {
  suggestion: AnalysisSuggestion
  source: AnalysisSource
  facts: Record<FactName, Fact>
  flaws: Flaw[]
  details: Detail[]
}

/** One of eBay's item aspects for the category, as Taxonomy describes it. */
export interface AspectToFill {
  name: string
  required: boolean
  /** eBay's values to choose from; empty: free text. */
  allowedValues: string[]
}

export interface AspectsInput {
  analysis: Analysis
  category: { id: string; name: string }
  aspects: AspectToFill[]
}

export interface ImageAnalyzer {
  name: AnalyzerName
  analyze(input: AnalyzeInput, signal?: AbortSignal): Promise<Analysis>
  /** Fills eBay's item specifics from what analyze() found (no photos sent again); absent without a model. */
  fillAspects?(input: AspectsInput, signal?: AbortSignal): Promise<AspectSuggestion[]>
}

export interface GeminiConfig {
  apiKey: string
  model: string
  /** Another endpoint speaking Gemini's REST API, e.g. the test stand-in. */
  baseUrl?: string
  timeoutMs?: number
}

// The cheapest GA vision model as of the integration notes (section C2); overridable with GEMINI_MODEL.
export const DEFAULT_GEMINI_MODEL = 'gemini-3.5-flash-lite'

const DEFAULT_TIMEOUT_MS = 30_000
const KEYWORDS_MAX = 15

/** What a measured (no-AI) result says: the setting's name only to an admin, who can set it. */
export const notSetUpNotice = (isAdmin: boolean) =>
  isAdmin
    ? 'AI suggestions need a Gemini API key: set GEMINI_API_KEY on the server and restart Snaplist. The photo is saved and its main colour was measured; fill in the other details yourself.'
    : 'AI suggestions are not set up on this server. The photo is saved and its main colour was measured; fill in the other details yourself.'

const analysisFailed = () =>
  new AppError(
    502,
    'analysis_failed',
    'The AI could not analyse this photo. Try again, or fill in the details yourself.',
  )
const analysisTimeout = () =>
  new AppError(
    504,
    'analysis_timeout',
    'The AI took too long to analyse this photo. Try again, or fill in the details yourself.',
  )
/** The AI (or our own limit on analyses at once, analysis-gate.ts) cannot take this photo now: the phone tries again later. */
export const analysisBusy = () =>
  new AppError(503, 'analysis_busy', 'The AI is busy right now. Try again in a minute.', { retryAfterSeconds: 60 })
const keyRefused = () =>
  new AppError(
    502,
    'analysis_key_refused',
    "The AI service refused this server's Gemini API key. The site operator needs to check GEMINI_API_KEY; meanwhile, fill in the details yourself.",
  )

// ---------------------------------------------------------------------------------------------------------------------
// Gemini

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

const RESPONSE_SCHEMA = objectOf({
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

const PROMPT = [
  'You write second-hand marketplace listings (eBay) that sell. The photos above all show one item, numbered in the order given (photo 1 first); labels, tags, soles and backs are often in the later ones. Describe the item as JSON.',
  `- title: at most ${TITLE_MAX} characters (eBay's limit). Start with the brand (only if read in a photo) and the item type, then what buyers search and filter on: model, material, style, colour, size. No filler words, no emoji, no all-caps.`,
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
].join('\n')

function promptFor(measuredColor: Color | ''): string {
  if (!measuredColor) return PROMPT
  return `${PROMPT}\nA pixel measurement says photo 1's main colour is ${measuredColor}; the background may have skewed it, so trust what you see on the item.`
}

/** Each photo labelled with its number, so the model can say which one it read a fact in. */
function photoParts(photos: Buffer[]): Part[] {
  return photos.flatMap((jpeg, index) => [
    { text: `Photo ${index + 1}:` },
    { inlineData: { mimeType: 'image/jpeg', data: jpeg.toString('base64') } },
  ])
}

// Gemini refuses schemas with very many enum values; a longer list of eBay's is sent as text and matched afterwards.
const ASPECT_ENUM_MAX = 60

function aspectsSchema(aspects: AspectToFill[]): Schema {
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
          `${aspect.required ? 'Required by eBay. ' : ''}${aspect.allowedValues.length > ASPECT_ENUM_MAX ? `One of eBay's values, e.g. ${aspect.allowedValues.slice(0, 12).join(', ')}.` : ''}`.trim() ||
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

function aspectsPrompt({ analysis, category }: AspectsInput): string {
  const { suggestion, facts, details, flaws } = analysis
  const fact = (name: FactName) =>
    facts[name].value
      ? `${facts[name].value} (${facts[name].seen ? `read in photo ${facts[name].photo}` : 'inferred'})`
      : 'unknown'
  return [
    `Fill eBay's item specifics for this item, listed in eBay's category "${category.name}". Where eBay gives a list of values, choose the one that fits; otherwise write a short value in eBay's style. Use null when neither the facts below nor the item type tell you the value. Never invent a brand, a size or a model.`,
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

export function createGeminiAnalyzer(config: GeminiConfig): ImageAnalyzer {
  if (!config.apiKey) throw new Error('createGeminiAnalyzer needs an API key; use createLocalAnalyzer() without one.')
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  // The SDK's own timeout also sends X-Server-Timeout, so Google stops working on an answer nobody waits for.
  const ai = new GoogleGenAI({ apiKey: config.apiKey, httpOptions: { baseUrl: config.baseUrl, timeout: timeoutMs } })

  /** One generateContent call in JSON mode; the model's JSON, or our error for whatever went wrong. */
  async function generate(parts: Part[], responseSchema: Schema, signal: AbortSignal | undefined): Promise<unknown> {
    const deadline = AbortSignal.timeout(timeoutMs)
    const abortSignal = signal ? AbortSignal.any([signal, deadline]) : deadline
    let response: GenerateContentResponse
    try {
      response = await ai.models.generateContent({
        model: config.model,
        contents: [{ role: 'user', parts }],
        config: { responseMimeType: 'application/json', responseSchema, temperature: 0.2, abortSignal },
      })
    } catch (error) {
      throw translateFailure(error, signal, config.apiKey)
    }
    return readReply(response)
  }

  return {
    name: 'gemini',
    async analyze(input, signal) {
      const reply = await generate(
        [...photoParts(input.photos), { text: promptFor(input.measuredColor) }],
        RESPONSE_SCHEMA,
        signal,
      )
      const analysis = normalizeAnalysis(reply, input.photos.length)
      // The measurement is better than nothing when the model names no colour.
      const primaryColor = analysis.suggestion.primaryColor || input.measuredColor
      return { ...analysis, suggestion: { ...analysis.suggestion, primaryColor } }
    },

    async fillAspects(input, signal) {
      if (input.aspects.length === 0) return []
      const reply = await generate([{ text: aspectsPrompt(input) }], aspectsSchema(input.aspects), signal)
      return normalizeAspects(reply, input)
    },
  }
}

/** The JSON the model answered; a refusal, a block or a reply that is not JSON is a 502. */
function readReply(response: GenerateContentResponse): unknown {
  const candidate = response.candidates?.[0]
  const finishReason = candidate?.finishReason
  const text = candidate && (!finishReason || finishReason === FinishReason.STOP) ? response.text?.trim() : undefined
  if (!text) {
    const blockReason = response.promptFeedback?.blockReason ?? 'none'
    console.error(
      `[analyzer] Gemini gave no answer (block reason ${blockReason}, finish reason ${finishReason ?? 'none'})`,
    )
    throw analysisFailed()
  }
  try {
    // JSON mode should never fence its answer, but some models still do.
    return JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''))
  } catch {
    console.error(`[analyzer] Gemini answered text that is not JSON (${text.length} characters)`)
    throw analysisFailed()
  }
}

/** Our error for whatever generateContent threw; the provider's words go to the log only, without the key. */
function translateFailure(error: unknown, callerSignal: AbortSignal | undefined, apiKey: string): unknown {
  // The caller gave up (the client went away): nobody will read an answer, so pass its reason on unchanged.
  if (callerSignal?.aborted) return callerSignal.reason
  if (isAbort(error)) {
    console.error('[analyzer] Gemini did not answer in time')
    return analysisTimeout()
  }
  const redact = (text: string) => text.split(apiKey).join('[key]').slice(0, 1000)
  if (error instanceof ApiError) {
    console.error(`[analyzer] Gemini answered HTTP ${error.status}: ${redact(error.message)}`)
    if (error.status === 401 || error.status === 403) return keyRefused()
    // A wrong or expired key is a 400 INVALID_ARGUMENT with reason API_KEY_INVALID, not a 401.
    if (error.status === 400 && error.message.includes('API_KEY_INVALID')) return keyRefused()
    if (error.status === 429) return analysisBusy()
    return analysisFailed()
  }
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  console.error(`[analyzer] Gemini request failed: ${redact(String(error))}${cause ? ` (${String(cause)})` : ''}`)
  return analysisFailed()
}

// The SDK chains every signal into its own AbortController and aborts that without a reason, so a timeout (its timer
// or ours) arrives as a plain AbortError, and the caller's reason is lost: hence the check of callerSignal first.
const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')

// ---------------------------------------------------------------------------------------------------------------------
// Local (no key)

export function createLocalAnalyzer(): ImageAnalyzer {
  return {
    name: 'local',
    analyze: async (input) => ({
      suggestion: { ...EMPTY_SUGGESTION, keywords: [], primaryColor: input.measuredColor },
      source: 'measured',
      facts: noFacts(),
      flaws: [],
      details: [],
    }),
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Normalising a model's answer

// Words that mean "no value"; a model says them despite being told to answer ''.
const NO_VALUE = new Set(['unknown', 'n/a', 'na', 'none', 'null', 'not visible', 'not specified', 'unspecified', '-'])

function cleanText(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return ''
  const text = String(raw).trim()
  return NO_VALUE.has(text.toLowerCase()) ? '' : text
}

function cutTitle(title: string): string {
  const oneLine = title.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= TITLE_MAX) return oneLine
  const lastSpace = oneLine.slice(0, TITLE_MAX + 1).lastIndexOf(' ')
  // A single word as long as the limit has no boundary to cut at.
  const cut = lastSpace > 0 ? oneLine.slice(0, lastSpace) : oneLine.slice(0, TITLE_MAX)
  return cut.replace(/[\s,;:|/&+–-]+$/, '')
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

// Comparable form of a word or phrase: lower case, '&' as 'and', letters and digits only, a plural 's' dropped.
function keyOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '')
    .replace(/s$/, '')
}

type Synonyms<Value extends string> = Record<string, Value | ''>

const CATEGORY_SYNONYMS: Synonyms<Category> = {
  apparel: 'clothing',
  clothes: 'clothing',
  shoes: 'clothing',
  footwear: 'clothing',
  sneakers: 'clothing',
  accessories: 'clothing',
  fashion: 'clothing',
  jewelry: 'clothing',
  jewellery: 'clothing',
  handbags: 'clothing',
  bags: 'clothing',
  furniture: 'home',
  kitchen: 'home',
  decor: 'home',
  garden: 'home',
  household: 'home',
  appliances: 'home',
  bedding: 'home',
  toys: 'collectibles',
  cards: 'collectibles',
  coins: 'collectibles',
  stamps: 'collectibles',
  antiques: 'collectibles',
  memorabilia: 'collectibles',
  figurines: 'collectibles',
  comics: 'collectibles',
  phones: 'electronics',
  cellphones: 'electronics',
  computers: 'electronics',
  laptops: 'electronics',
  tablets: 'electronics',
  cameras: 'electronics',
  audio: 'electronics',
  headphones: 'electronics',
  gaming: 'electronics',
  consoles: 'electronics',
  tv: 'electronics',
}

const COLOR_SYNONYMS: Synonyms<Color> = {
  grey: 'gray',
  silver: 'gray',
  charcoal: 'gray',
  slate: 'gray',
  navy: 'blue',
  teal: 'blue',
  turquoise: 'blue',
  aqua: 'blue',
  cyan: 'blue',
  denim: 'blue',
  indigo: 'blue',
  beige: 'brown',
  tan: 'brown',
  khaki: 'brown',
  camel: 'brown',
  taupe: 'brown',
  cream: 'brown',
  gold: 'yellow',
  mustard: 'yellow',
  pink: 'red',
  maroon: 'red',
  burgundy: 'red',
  orange: 'red',
  coral: 'red',
  crimson: 'red',
  ivory: 'white',
  olive: 'green',
  lime: 'green',
  mint: 'green',
  emerald: 'green',
  sage: 'green',
  violet: 'purple',
  lavender: 'purple',
  lilac: 'purple',
  plum: 'purple',
  mauve: 'purple',
  multicolor: 'multi',
  multicolour: 'multi',
  multicolored: 'multi',
  multicoloured: 'multi',
  various: 'multi',
  rainbow: 'multi',
}

const TYPE_SYNONYMS: Synonyms<ItemType> = {
  standard: 'Regular',
  normal: 'Regular',
  antique: 'Vintage',
  retro: 'Vintage',
  handcrafted: 'Handmade',
  homemade: 'Handmade',
  customized: 'Custom',
  customised: 'Custom',
  personalized: 'Custom',
  personalised: 'Custom',
}

const SIZE_TYPE_SYNONYMS: Synonyms<SizeType> = {
  standard: 'Regular',
  normal: 'Regular',
  missy: 'Regular',
  misses: 'Regular',
  tall: 'Big',
  juniors: 'Junior',
}

const DEPARTMENT_SYNONYMS: Synonyms<Department> = {
  unisex: 'Adult Unisex',
  adult: 'Adult Unisex',
  male: 'Men',
  man: 'Men',
  female: 'Women',
  woman: 'Women',
  ladies: 'Women',
  lady: 'Women',
  baby: 'Babies',
  infant: 'Babies',
  toddler: 'Babies',
  newborn: 'Babies',
  // Boys or girls? Not ours to guess.
  kids: '',
  children: '',
  youth: '',
}

const UNSEEN: Provenance = { seen: false, photo: null }
const noFacts = (): Record<FactName, Fact> =>
  Object.fromEntries(FACT_NAMES.map((name) => [name, { value: '', ...UNSEEN }])) as Record<FactName, Fact>

/** Seen only with the number of a photo that was sent; a claim to have read it in no photo counts as a guess. */
function provenanceOf(raw: unknown, photoCount: number): Provenance {
  const { seen, photo } = (typeof raw === 'object' && raw !== null ? raw : {}) as { seen?: unknown; photo?: unknown }
  const number =
    typeof photo === 'number' && Number.isInteger(photo) && photo >= 1 && photo <= photoCount ? photo : null
  return seen === true && number !== null ? { seen: true, photo: number } : UNSEEN
}

const listOf = (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : [])
const fieldOf = (raw: unknown, name: string): unknown =>
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

// Lenient on purpose: a reply is only refused without a title; everything else is coerced to the contract.
const ReplySchema = v.object({
  title: v.pipe(v.string(), v.transform(cutTitle)),
  description: looseText,
  suggestedPrice: loosePrice,
  medianUsedPrice: loosePrice,
  category: optionOf(CATEGORIES, CATEGORY_SYNONYMS, 'other'),
  keywords: v.pipe(answered, v.transform(toKeywords)),
  primaryColor: optionOf(COLORS, COLOR_SYNONYMS, 'multi'),
  type: optionOf(ITEM_TYPES, TYPE_SYNONYMS, ''),
  sizeType: optionOf(SIZE_TYPES, SIZE_TYPE_SYNONYMS, ''),
  department: optionOf(DEPARTMENTS, DEPARTMENT_SYNONYMS, ''),
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

/** An item specific's value in eBay's spelling: one of eBay's values (any case), or free text within eBay's limit. */
function ebayValue(raw: unknown, allowedValues: string[]): string {
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

function normalizeAspects(raw: unknown, { analysis, aspects }: AspectsInput): AspectSuggestion[] {
  const values = fieldOf(raw, 'values')
  const guessed = new Set(listOf(fieldOf(raw, 'guessed')).map((name) => String(name).toLowerCase()))
  return aspects.map((aspect) => {
    const value = ebayValue(fieldOf(values, aspect.name), aspect.allowedValues)
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
