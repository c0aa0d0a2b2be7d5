// Photo → listing suggestion: the Gemini analyser (image + prompt, answer forced into docs/product.md §3's shape by a response
// schema), the no-key local fallback, and the normaliser that makes any model answer fit the option sets.
import { ApiError, FinishReason, GoogleGenAI, Type, type GenerateContentResponse, type Schema } from '@google/genai'
import * as v from 'valibot'
import { AnalysisSuggestionSchema, type AnalysisSource, type AnalyzerName } from '../../contract/analysis.ts'
import { AI_FIELDS, EMPTY_SUGGESTION, LISTING_FIELDS, TITLE_MAX, type AnalysisSuggestion, type ListingFieldSpec, type SuggestionKey } from '../../contract/listing-fields.ts'
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, SIZE_TYPES, valuesOf, type Category, type Color, type Department, type ItemType, type Option, type SizeType } from '../../contract/options.ts'
import { AppError } from '../../errors.ts'

export interface AnalyzeInput {
  /** The item, as a JPEG of at most 1024 px. */
  jpeg: Buffer
  /** The main colour measured from the pixels, '' when unknown. */
  measuredColor: Color | ''
}

export interface Analysis {
  suggestion: AnalysisSuggestion
  source: AnalysisSource
}

export interface ImageAnalyzer {
  name: AnalyzerName
  analyze(input: AnalyzeInput, signal?: AbortSignal): Promise<Analysis>
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
  new AppError(502, 'analysis_failed', 'The AI could not analyse this photo. Try again, or fill in the details yourself.')
const analysisTimeout = () =>
  new AppError(504, 'analysis_timeout', 'The AI took too long to analyse this photo. Try again, or fill in the details yourself.')
/** The AI (or our own limit on analyses at once, analysis-gate.ts) cannot take this photo now: the phone tries again later. */
export const analysisBusy = () => new AppError(503, 'analysis_busy', 'The AI is busy right now. Try again in a minute.', { retryAfterSeconds: 60 })
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
  description: undefined,
  suggestedPrice: 'New retail price in whole US dollars.',
  medianUsedPrice: 'Median used sale price in whole US dollars.',
  category: undefined,
  keywords: undefined,
  primaryColor: undefined,
  brand: 'Empty string unless visible or certain.',
  size: 'Empty string unless visible or certain.',
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
      return { type: Type.ARRAY, items: { type: Type.STRING }, ...(spec.ai && spec.ai.maxItems ? { maxItems: String(spec.ai.maxItems) } : {}), ...described }
    // An optional choice does not apply to every item (a phone has no size type) and the option sets have no '', so
    // the model may answer null, which normalizeSuggestion turns into ''.
    case 'choice':
      return { ...enumOf(spec.options), ...(spec.required ? {} : { nullable: true }), ...described }
    default:
      return { type: Type.STRING, ...described }
  }
}

const SUGGESTION_FIELDS = AI_FIELDS.map(({ suggestion }) => suggestion)

const RESPONSE_SCHEMA: Schema = {
  type: Type.OBJECT,
  properties: Object.fromEntries(AI_FIELDS.map(({ suggestion, spec }) => [suggestion, modelSchemaOf(spec, MODEL_HINTS[suggestion])])),
  required: SUGGESTION_FIELDS,
  // Without this Gemini orders the fields alphabetically, away from the order the prompt explains them in.
  propertyOrdering: SUGGESTION_FIELDS,
}

const PROMPT = [
  'You write second-hand marketplace listings (eBay) that sell. Describe the item in the photo as JSON.',
  `- title: at most ${TITLE_MAX} characters (eBay's limit). Start with the brand (if known) and the item type, then what buyers search and filter on: model, material, style, colour, size. No filler words, no emoji, no all-caps.`,
  '- description: a few plain sentences a buyer trusts: what the item is, its visible condition including flaws, notable details (material, features, labels), and measurements only if they are visible. State only what the photo shows; never invent history, accessories or specifications.',
  '- suggestedPrice: the price of this item new at retail, in whole US dollars.',
  '- medianUsedPrice: the median price this item sells for used, in whole US dollars, weighing new and used prices; usually below suggestedPrice.',
  `- keywords: up to ${LISTING_FIELDS.keywords.ai.maxItems} words or short phrases buyers type when searching for this item, most important first.`,
  '- category and primaryColor: the closest allowed value; primaryColor is the colour of the item itself, not the background.',
  '- brand and size: only if visible (logo, label, tag) or certain from the design; otherwise "".',
  '- type: Vintage, Handmade, Limited (limited edition) or Custom only when evident, otherwise Regular.',
  '- sizeType and department: for clothing, shoes and fashion accessories; null for anything else.',
].join('\n')

function promptFor(measuredColor: Color | ''): string {
  if (!measuredColor) return PROMPT
  return `${PROMPT}\nA pixel measurement says the photo's main colour is ${measuredColor}; the background may have skewed it, so trust what you see on the item.`
}

export function createGeminiAnalyzer(config: GeminiConfig): ImageAnalyzer {
  if (!config.apiKey) throw new Error('createGeminiAnalyzer needs an API key; use createLocalAnalyzer() without one.')
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  // The SDK's own timeout also sends X-Server-Timeout, so Google stops working on an answer nobody waits for.
  const ai = new GoogleGenAI({ apiKey: config.apiKey, httpOptions: { baseUrl: config.baseUrl, timeout: timeoutMs } })

  return {
    name: 'gemini',
    async analyze(input, signal) {
      const deadline = AbortSignal.timeout(timeoutMs)
      const abortSignal = signal ? AbortSignal.any([signal, deadline]) : deadline
      let response: GenerateContentResponse
      try {
        response = await ai.models.generateContent({
          model: config.model,
          contents: [{
            role: 'user',
            parts: [
              { inlineData: { mimeType: 'image/jpeg', data: input.jpeg.toString('base64') } },
              { text: promptFor(input.measuredColor) },
            ],
          }],
          config: { responseMimeType: 'application/json', responseSchema: RESPONSE_SCHEMA, temperature: 0.2, abortSignal },
        })
      } catch (error) {
        throw translateFailure(error, signal, config.apiKey)
      }
      const suggestion = normalizeSuggestion(readReply(response))
      // The measurement is better than nothing when the model names no colour.
      return { suggestion: { ...suggestion, primaryColor: suggestion.primaryColor || input.measuredColor }, source: 'ai' }
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
    console.error(`[analyzer] Gemini gave no answer (block reason ${blockReason}, finish reason ${finishReason ?? 'none'})`)
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
const isAbort = (error: unknown) => error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')

// ---------------------------------------------------------------------------------------------------------------------
// Local (no key)

export function createLocalAnalyzer(): ImageAnalyzer {
  return {
    name: 'local',
    analyze: async (input) => ({
      suggestion: { ...EMPTY_SUGGESTION, keywords: [], primaryColor: input.measuredColor },
      source: 'measured',
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
  const amount = typeof raw === 'number' ? raw : Number(/-?\d[\d,]*(?:\.\d+)?/.exec(String(raw ?? ''))?.[0]?.replace(/,/g, ''))
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
  return text.toLowerCase().replace(/['’]/g, '').replace(/&/g, 'and').replace(/[^a-z0-9]/g, '').replace(/s$/, '')
}

type Synonyms<Value extends string> = Record<string, Value | ''>

const CATEGORY_SYNONYMS: Synonyms<Category> = {
  apparel: 'clothing', clothes: 'clothing', shoes: 'clothing', footwear: 'clothing', sneakers: 'clothing',
  accessories: 'clothing', fashion: 'clothing', jewelry: 'clothing', jewellery: 'clothing', handbags: 'clothing', bags: 'clothing',
  furniture: 'home', kitchen: 'home', decor: 'home', garden: 'home', household: 'home', appliances: 'home', bedding: 'home',
  toys: 'collectibles', cards: 'collectibles', coins: 'collectibles', stamps: 'collectibles', antiques: 'collectibles',
  memorabilia: 'collectibles', figurines: 'collectibles', comics: 'collectibles',
  phones: 'electronics', cellphones: 'electronics', computers: 'electronics', laptops: 'electronics', tablets: 'electronics',
  cameras: 'electronics', audio: 'electronics', headphones: 'electronics', gaming: 'electronics', consoles: 'electronics', tv: 'electronics',
}

const COLOR_SYNONYMS: Synonyms<Color> = {
  grey: 'gray', silver: 'gray', charcoal: 'gray', slate: 'gray',
  navy: 'blue', teal: 'blue', turquoise: 'blue', aqua: 'blue', cyan: 'blue', denim: 'blue', indigo: 'blue',
  beige: 'brown', tan: 'brown', khaki: 'brown', camel: 'brown', taupe: 'brown', cream: 'brown',
  gold: 'yellow', mustard: 'yellow',
  pink: 'red', maroon: 'red', burgundy: 'red', orange: 'red', coral: 'red', crimson: 'red',
  ivory: 'white', olive: 'green', lime: 'green', mint: 'green', emerald: 'green', sage: 'green',
  violet: 'purple', lavender: 'purple', lilac: 'purple', plum: 'purple', mauve: 'purple',
  multicolor: 'multi', multicolour: 'multi', multicolored: 'multi', multicoloured: 'multi', various: 'multi', rainbow: 'multi',
}

const TYPE_SYNONYMS: Synonyms<ItemType> = {
  standard: 'Regular', normal: 'Regular', antique: 'Vintage', retro: 'Vintage',
  handcrafted: 'Handmade', homemade: 'Handmade', customized: 'Custom', customised: 'Custom', personalized: 'Custom', personalised: 'Custom',
}

const SIZE_TYPE_SYNONYMS: Synonyms<SizeType> = {
  standard: 'Regular', normal: 'Regular', missy: 'Regular', misses: 'Regular', tall: 'Big', juniors: 'Junior',
}

const DEPARTMENT_SYNONYMS: Synonyms<Department> = {
  unisex: 'Adult Unisex', adult: 'Adult Unisex', male: 'Men', man: 'Men', female: 'Women', woman: 'Women', ladies: 'Women',
  lady: 'Women', baby: 'Babies', infant: 'Babies', toddler: 'Babies', newborn: 'Babies',
  // Boys or girls? Not ours to guess.
  kids: '', children: '', youth: '',
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
  brand: looseText,
  size: looseText,
  type: optionOf(ITEM_TYPES, TYPE_SYNONYMS, ''),
  sizeType: optionOf(SIZE_TYPES, SIZE_TYPE_SYNONYMS, ''),
  department: optionOf(DEPARTMENTS, DEPARTMENT_SYNONYMS, ''),
} satisfies { [Key in SuggestionKey]: v.GenericSchema<unknown, AnalysisSuggestion[Key]> })

/** A model's answer as a valid suggestion; throws the 502 analysis_failed unless it is an object with a string title. */
export function normalizeSuggestion(raw: unknown): AnalysisSuggestion {
  const reply = v.safeParse(ReplySchema, raw)
  if (!reply.success) {
    console.error(`[analyzer] the answer has the wrong shape: ${v.summarize(reply.issues).slice(0, 300)}`)
    throw analysisFailed()
  }
  // The coercions above must always land inside the contract; checking keeps them honest.
  return v.parse(AnalysisSuggestionSchema, reply.output)
}
