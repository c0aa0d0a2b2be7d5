// The image analysers: the real @google/genai client against the fake Gemini API, the answer normaliser, and the
// no-key local analyser.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_SUGGESTION, type AnalysisSuggestion } from '../../../api/contract/listing-suggestion.ts'
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, SIZE_TYPES, valuesOf } from '../../../api/contract/options.ts'
import { AppError } from '../../../api/errors.ts'
import {
  createGeminiAnalyzer,
  DEFAULT_GEMINI_MODEL,
  type GeminiConfig,
} from '../../../api/services/listings/analyzer/gemini.ts'
import { createLocalAnalyzer } from '../../../api/services/listings/analyzer/local.ts'
import { normalizeAnalysis } from '../../../api/services/listings/analyzer/normalize-analysis.ts'
import {
  LEVIS_501,
  LEVIS_501_REPLY,
  startFakeGemini,
  type FakeGemini,
  type RecordedRequest,
} from '../../fakes/gemini.ts'

// Not a decodable photo, but the bytes the fake and the client pass through unchanged.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9])

// A good reply passes through normalisation unchanged.
const LEVIS_SUGGESTION = { ...EMPTY_SUGGESTION, ...LEVIS_501 } as AnalysisSuggestion

let fake: FakeGemini
let logged: string[]
beforeAll(async () => {
  fake = await startFakeGemini()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.setReply('good')
  // The analyser logs provider details on purpose; keep them to assert on instead of printing them.
  logged = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
  return () => vi.restoreAllMocks()
})

const gemini = (config: Partial<GeminiConfig> = {}) =>
  createGeminiAnalyzer({ apiKey: fake.apiKey, model: DEFAULT_GEMINI_MODEL, baseUrl: fake.url, ...config })

const analyze = (config: Partial<GeminiConfig> = {}, signal?: AbortSignal) =>
  gemini(config).analyze({ photos: [JPEG], measuredColor: 'blue' }, signal)

const lastRequest = (): RecordedRequest => fake.requests.at(-1)!

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('the Gemini analyser, against the fake Gemini API', () => {
  it('answers a good reply with exactly the suggestion the model gave, and no notice', async () => {
    expect(gemini().name).toBe('gemini')
    const analysis = await analyze()
    expect(analysis).toMatchObject({ suggestion: LEVIS_SUGGESTION, source: 'ai' })
    expect(analysis.facts).toEqual({
      brand: { value: "Levi's", seen: true, photo: 1 },
      size: { value: 'W32 L32', seen: true, photo: 1 },
      material: { value: 'Cotton', seen: true, photo: 1 },
      model: { value: '501', seen: true, photo: 1 },
    })
  })

  it('sends the photo as inline JPEG, asks for JSON in the shape of the option sets, with the configured model and key', async () => {
    await analyze({ model: 'gemini-2.5-flash-lite' })
    const request = lastRequest()
    expect(request.model).toBe('gemini-2.5-flash-lite')
    expect(request.action).toBe('generateContent')
    expect(request.apiKey).toBe(fake.apiKey)
    const parts = request.body!.contents![0]!.parts!
    expect(parts[0]!.text).toBe('Photo 1:')
    expect(parts[1]!.inlineData).toEqual({ mimeType: 'image/jpeg', data: JPEG.toString('base64') })
    expect(parts[2]!.text).toMatch(/80 characters/)

    const generation = request.body!.generationConfig!
    expect(generation.responseMimeType).toBe('application/json')
    const schema = generation.responseSchema!
    const properties = schema.properties!
    expect(properties.category!.enum).toEqual(valuesOf(CATEGORIES))
    expect(properties.primaryColor!.enum).toEqual(valuesOf(COLORS))
    expect(properties.type!.enum).toEqual(valuesOf(ITEM_TYPES))
    expect(properties.sizeType!.enum).toEqual(valuesOf(SIZE_TYPES))
    expect(properties.department!.enum).toEqual(valuesOf(DEPARTMENTS))
    expect(properties.suggestedPrice!.type).toBe('INTEGER')
    expect(properties.medianUsedPrice!.type).toBe('INTEGER')
    expect(properties.keywords).toMatchObject({ type: 'ARRAY', items: { type: 'STRING' } })
    const flat = Object.keys(EMPTY_SUGGESTION).filter((field) => field !== 'brand' && field !== 'size')
    expect([...schema.required!].sort()).toEqual([...flat, 'facts', 'flaws', 'details'].sort())
    expect(Object.keys(properties.facts!.properties!)).toEqual(['brand', 'size', 'material', 'model'])
    expect(generation.temperature).toBeLessThanOrEqual(0.3)
  })

  it('passes the measured colour to the model as a hint and uses it when the model names no colour', async () => {
    fake.setReply(() => ({ ...LEVIS_501_REPLY, primaryColor: null }))
    const { suggestion } = await gemini().analyze({ photos: [JPEG], measuredColor: 'green' })
    expect(lastRequest().body!.contents![0]!.parts!.at(-1)!.text).toMatch(/main colour is green/)
    expect(suggestion.primaryColor).toBe('green')
  })

  it('maps values outside the option sets to the nearest allowed ones and rounds "$49.99" to the nearest dollar, 50', async () => {
    fake.setReply('out-of-set')
    const { suggestion } = await analyze()
    expect(suggestion).toEqual({
      ...LEVIS_SUGGESTION,
      category: 'clothing',
      primaryColor: 'blue',
      type: 'Limited',
      department: 'Men',
      suggestedPrice: 50,
    })
  })

  it('reads measurements off a tape measure in a photo, and only numbers as measurements', async () => {
    fake.setReply('measured')
    expect((await analyze()).suggestion).toMatchObject({
      measurementUnit: '',
      waist: '16',
      inseam: '32',
      garmentLength: '42.5',
      pitToPit: '',
    })
    fake.setReply(() => ({
      ...LEVIS_501_REPLY,
      measurementUnit: 'centimetres',
      waist: '81 cm',
      inseam: 'about 30,5',
      rise: 'unknown',
      legOpening: 0,
    }))
    expect((await analyze()).suggestion).toMatchObject({
      measurementUnit: 'cm',
      waist: '81',
      inseam: '30.5',
      rise: '',
      legOpening: '',
    })
  })

  it('refuses a reply that is not JSON with a 502 analysis_failed', async () => {
    fake.setReply('malformed')
    const error = await failure(analyze())
    expect(error).toMatchObject({ status: 502, code: 'analysis_failed' })
    expect(error.message).toBe('The AI could not analyse this photo. Try again, or fill in the details yourself.')
  })

  it('refuses a reply blocked for safety with a 502 analysis_failed and logs the block reason', async () => {
    fake.setReply('blocked')
    expect(await failure(analyze())).toMatchObject({ status: 502, code: 'analysis_failed' })
    expect(logged.join('\n')).toMatch(/SAFETY/)
  })

  it('refuses a JSON reply of the wrong shape with a 502 analysis_failed', async () => {
    fake.setReply(() => ['not', 'an', 'object'])
    expect(await failure(analyze())).toMatchObject({ status: 502, code: 'analysis_failed' })
  })

  it('gives up after timeoutMs with a 504 analysis_timeout', async () => {
    fake.setReply('slow')
    const started = Date.now()
    const error = await failure(analyze({ timeoutMs: 300 }))
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(error).toMatchObject({ status: 504, code: 'analysis_timeout' })
    expect(error.message).toBe(
      'The AI took too long to analyse this photo. Try again, or fill in the details yourself.',
    )
  })

  it("stops as soon as the caller's signal aborts, passing on its reason rather than calling it a timeout", async () => {
    fake.setReply('slow')
    const controller = new AbortController()
    const reason = new Error('client went away')
    setTimeout(() => controller.abort(reason), 100)
    const started = Date.now()
    await expect(analyze({ timeoutMs: 5_000 }, controller.signal)).rejects.toBe(reason)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('answers a wrong key with a 502 that tells the operator to check GEMINI_API_KEY and never shows or logs the key', async () => {
    const wrongKey = 'AIzaSy-wrong-key-that-must-stay-secret'
    const error = await failure(analyze({ apiKey: wrongKey }))
    expect(error).toMatchObject({ status: 502, code: 'analysis_key_refused' })
    expect(error.message).toMatch(/GEMINI_API_KEY/)
    expect(error.message).not.toContain(wrongKey)
    expect(JSON.stringify(error)).not.toContain(wrongKey)
    expect(logged.join('\n')).toMatch(/HTTP 400/)
    expect(logged.join('\n')).not.toContain(wrongKey)
  })

  it('answers a key Google forbids (403) with the same key-refused 502', async () => {
    fake.setReply('key-forbidden')
    expect(await failure(analyze())).toMatchObject({ status: 502, code: 'analysis_key_refused' })
  })

  it("answers Google's rate limit (429) with a 503 asking to try again in a minute", async () => {
    fake.setReply('rate-limited')
    const error = await failure(analyze())
    expect(error).toMatchObject({ status: 503, message: 'The AI is busy right now. Try again in a minute.' })
  })

  it("answers Google's server error (500) with a 502 analysis_failed, without the provider's words", async () => {
    fake.setReply('error-500')
    const error = await failure(analyze())
    expect(error).toMatchObject({ status: 502, code: 'analysis_failed' })
    expect(error.message).not.toMatch(/internal error|googleapis/i)
  })

  it('answers an unknown model (404) with a 502 analysis_failed', async () => {
    expect(await failure(analyze({ model: 'no-such-model' }))).toMatchObject({ status: 502, code: 'analysis_failed' })
    expect(lastRequest().model).toBe('no-such-model')
  })
})

const normalizeSuggestion = (raw: unknown) => normalizeAnalysis(raw, 1).suggestion

describe('normalizeAnalysis', () => {
  const minimal = { title: 'Lamp' }

  it('accepts keywords as a comma-separated string, trimmed, without blanks or repeats', () => {
    expect(normalizeSuggestion({ ...minimal, keywords: ' lamp, desk lamp ,, brass,Lamp ' }).keywords).toEqual([
      'lamp',
      'desk lamp',
      'brass',
    ])
  })

  it('keeps at most 15 keywords', () => {
    const keywords = Array.from({ length: 20 }, (_, index) => `keyword ${index}`)
    expect(normalizeSuggestion({ ...minimal, keywords }).keywords).toEqual(keywords.slice(0, 15))
  })

  it('cuts a title over 80 characters at a word boundary', () => {
    const title =
      "Levi's 501 Original Fit Men's Jeans W32 L32 Medium Stonewash Blue Button Fly Straight Leg Vintage Denim"
    const cut = normalizeSuggestion({ title }).title
    expect(cut.length).toBeLessThanOrEqual(80)
    expect(cut).toBe("Levi's 501 Original Fit Men's Jeans W32 L32 Medium Stonewash Blue Button Fly")
    expect(title.startsWith(cut)).toBe(true)
  })

  it('turns a negative price into 0 and rounds prices to whole dollars', () => {
    expect(normalizeSuggestion({ ...minimal, suggestedPrice: -5, medianUsedPrice: 25.5 })).toMatchObject({
      suggestedPrice: 0,
      medianUsedPrice: 26,
    })
    expect(normalizeSuggestion({ ...minimal, suggestedPrice: '$25', medianUsedPrice: '1,299.00 USD' })).toMatchObject({
      suggestedPrice: 25,
      medianUsedPrice: 1299,
    })
    expect(normalizeSuggestion({ ...minimal, suggestedPrice: 'unknown', medianUsedPrice: null })).toMatchObject({
      suggestedPrice: 0,
      medianUsedPrice: 0,
    })
  })

  it('places values by label, case, synonym or a word of a longer phrase', () => {
    const places = (field: string, answers: Record<string, string>) => {
      for (const [answer, expected] of Object.entries(answers)) {
        expect([
          answer,
          normalizeSuggestion({ ...minimal, [field]: answer })[field as keyof AnalysisSuggestion],
        ]).toEqual([answer, expected])
      }
    }
    places('category', {
      'Home & Garden': 'home',
      ELECTRONICS: 'electronics',
      Furniture: 'home',
      'Cell Phones & Accessories': 'electronics',
      'Toys & Hobbies': 'collectibles',
      shoes: 'clothing',
    })
    places('primaryColor', {
      GREY: 'gray',
      grey: 'gray',
      'Navy Blue': 'blue',
      beige: 'brown',
      gold: 'yellow',
      Burgundy: 'red',
      ivory: 'white',
      'multi-colour': 'multi',
      Lavender: 'purple',
    })
    places('type', { 'Limited Edition': 'Limited', vintage: 'Vintage', 'hand-crafted': 'Handmade' })
    places('sizeType', { 'big & tall': 'Big', 'Plus Size': 'Plus', juniors: 'Junior' })
    places('department', {
      Unisex: 'Adult Unisex',
      mens: 'Men',
      "Men's": 'Men',
      male: 'Men',
      womens: 'Women',
      female: 'Women',
      baby: 'Babies',
      kids: '',
    })
  })

  it("falls back to 'other', 'multi' or empty for values it cannot place, and leaves missing ones empty", () => {
    expect(
      normalizeSuggestion({
        ...minimal,
        category: 'Sporting Goods',
        primaryColor: 'transparent',
        type: 'Refurbished',
        sizeType: 'Huge',
        department: 'Pets',
      }),
    ).toMatchObject({ category: 'other', primaryColor: 'multi', type: '', sizeType: '', department: '' })
    expect(normalizeSuggestion(minimal)).toEqual({ ...EMPTY_SUGGESTION, title: 'Lamp' })
  })

  it("trims text and empties the words that mean no value, like 'Unknown' or 'N/A'", () => {
    const unknown = (value: string) => ({ value, seen: true, photo: 1 })
    expect(
      normalizeSuggestion({
        title: '  Brass lamp  ',
        description: ' Works. ',
        facts: { brand: unknown('Unknown'), size: unknown('N/A') },
      }),
    ).toMatchObject({ title: 'Brass lamp', description: 'Works.', brand: '', size: '' })
  })

  it('refuses anything but an object with a string title, with the 502 analysis_failed', () => {
    for (const reply of [null, 'Lamp', ['Lamp'], {}, { title: 42 }]) {
      expect(() => normalizeSuggestion(reply)).toThrow(AppError)
      try {
        normalizeSuggestion(reply)
      } catch (error) {
        expect(error).toMatchObject({ status: 502, code: 'analysis_failed' })
      }
    }
  })
})

describe('the local analyser', () => {
  it('keeps the measured colour, leaves everything else empty and says the values were measured, not suggested by AI', async () => {
    const local = createLocalAnalyzer()
    expect(local.name).toBe('local')
    const analysis = await local.analyze({ photos: [JPEG], measuredColor: 'red' })
    expect(analysis.suggestion).toEqual({ ...EMPTY_SUGGESTION, primaryColor: 'red' })
    expect(analysis.source).toBe('measured')
  })
})
