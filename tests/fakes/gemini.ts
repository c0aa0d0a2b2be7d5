// A stand-in for Gemini's generateContent REST endpoint: it refuses what Google refuses (key, images, JSON mode, schema,
// model name), counts tokens as Google documents it (258 per 768 px tile of each image, about 4 characters per text
// token), and answers per the request's schema: the item's description for a request with photos, eBay's item
// specifics chosen from the schema's own values for the text-only one. Tests and browser tests run the real
// @google/genai client offline.
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'
import { listen } from './listen.ts'

export type ReplyMode =
  'good' | 'measured' | 'out-of-set' | 'malformed' | 'blocked' | 'slow' | 'error-500' | 'rate-limited' | 'key-forbidden'
/** Computes the model's answer from the request: an object is sent as its JSON text, a string as it is. */
export type ReplyFunction = (body: GenerateContentBody) => unknown

export interface Part {
  text?: string
  inlineData?: { mimeType?: string; data?: string }
  [field: string]: unknown
}

export interface GenerateContentBody {
  contents?: { role?: string; parts?: Part[] }[]
  generationConfig?: {
    responseMimeType?: string
    responseSchema?: SchemaNode
    responseJsonSchema?: unknown
    temperature?: number
    [field: string]: unknown
  }
  [field: string]: unknown
}

export interface SchemaNode {
  type?: string
  enum?: string[]
  nullable?: boolean
  items?: SchemaNode
  properties?: Record<string, SchemaNode>
  required?: string[]
  propertyOrdering?: string[]
  [field: string]: unknown
}

export interface RecordedRequest {
  model: string
  action: string
  /** The x-goog-api-key header as sent. */
  apiKey: string | undefined
  headers: { contentType: string | undefined; apiClient: string | undefined; serverTimeout: string | undefined }
  /** The parsed JSON body; undefined when it was not JSON. */
  body: GenerateContentBody | undefined
  /** What Google would bill for it (only for requests it answered). */
  usage?: Usage
  /** performance.now() when it arrived: the benchmark's "request sent". */
  receivedAt: number
}

export interface Usage {
  images: number
  imageTokens: number
  textTokens: number
  promptTokens: number
  outputTokens: number
}

export interface FakeGeminiOptions {
  /** The key the fake accepts; a random one when not given. */
  apiKey?: string
  port?: number
  mode?: ReplyMode
  /** How long 'slow' waits before answering. */
  slowMs?: number
}

export interface FakeGemini {
  /** Base URL for GoogleGenAI's httpOptions.baseUrl. */
  url: string
  apiKey: string
  requests: RecordedRequest[]
  setReply(mode: ReplyMode | ReplyFunction): void
  close(): Promise<void>
}

export const LEVIS_501: Record<string, unknown> = {
  title: "Levi's 501 Original Fit Men's Jeans W32 L32 Medium Stonewash Blue Button Fly",
  description:
    "Levi's 501 Original Fit jeans in a medium stonewash blue. Button fly, five pockets, red Tab and leather patch on the back waistband. Even fading, no holes or stains visible. Tag size W32 L32.",
  suggestedPrice: 70,
  medianUsedPrice: 28,
  category: 'clothing',
  keywords: [
    "levi's 501",
    'levis jeans',
    '501 original fit',
    'mens jeans',
    'button fly jeans',
    'straight leg jeans',
    'stonewash denim',
    'w32 l32',
  ],
  primaryColor: 'blue',
  brand: "Levi's",
  size: 'W32 L32',
  type: 'Regular',
  sizeType: 'Regular',
  department: 'Men',
  // The parcel the model estimates for a pair of jeans in a poly mailer.
  packageWeightOz: 24,
  packageLength: 13,
  packageWidth: 10,
  packageHeight: 2,
}

/** The model's answer to the describing call as the schema has it: brand and size are facts read in photo 1. */
export function describedReply(
  flat: Record<string, unknown>,
  extra: { facts?: Record<string, unknown>; flaws?: unknown[]; details?: unknown[] } = {},
): Record<string, unknown> {
  const { brand, size, ...rest } = flat
  const fact = (value: unknown) => (value ? { value, seen: true, photo: 1 } : { value: '', seen: false, photo: null })
  return {
    ...rest,
    facts: { brand: fact(brand), size: fact(size), material: fact(''), model: fact(''), ...extra.facts },
    flaws: extra.flaws ?? [],
    details: extra.details ?? [],
  }
}

export const LEVIS_501_REPLY = describedReply(LEVIS_501, {
  facts: { material: { value: 'Cotton', seen: true, photo: 1 }, model: { value: '501', seen: true, photo: 1 } },
  details: [
    { name: 'Fit', value: 'Straight', photo: 1 },
    { name: 'Closure', value: 'Button', photo: 1 },
  ],
})

/** The Levi's photographed on a tape measure: the model reads the waist (laid flat), inseam and length off it. */
export const LEVIS_501_MEASURED_REPLY = {
  ...LEVIS_501_REPLY,
  measurementUnit: 'inches',
  waist: '16',
  inseam: '32',
  garmentLength: '42.5',
}

// What a model that ignores the enums might answer.
export const LEVIS_501_OUT_OF_SET: Record<string, unknown> = {
  ...LEVIS_501_REPLY,
  category: 'Apparel & Accessories',
  primaryColor: 'Navy',
  type: 'Limited Edition',
  department: 'mens',
  suggestedPrice: '$49.99',
}

/** What the photos of the Levi's show, by eBay aspect name, for the item-specifics call. */
export const LEVIS_501_ASPECTS: Record<string, string> = {
  Brand: "Levi's",
  Size: 'W32 L32',
  'Size Type': 'Regular',
  Department: 'Men',
  Color: 'Blue',
  Material: 'Cotton',
  Type: 'Jeans',
  Style: 'Straight',
  Model: '501',
  Inseam: '32 in',
}

/**
 * How a model answers the item-specifics call: for each aspect the schema names, the item's value where it has one
 * (matched to the schema's list of values, as the enum forces a model to), else null; `guessed` names the values that
 * were inferred.
 */
export function aspectsReply(
  body: GenerateContentBody,
  truth: Record<string, string>,
  guessed: string[] = [],
): Record<string, unknown> {
  const properties = body.generationConfig?.responseSchema?.properties?.values?.properties ?? {}
  const known = new Map(Object.entries(truth).map(([name, value]) => [name.toLowerCase(), value]))
  const values = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => {
      const value = known.get(name.toLowerCase())
      if (value === undefined || !schema.enum) return [name, value ?? null]
      const lower = value.toLowerCase()
      return [
        name,
        schema.enum.find((option) => option.toLowerCase() === lower) ??
          schema.enum.find(
            (option) => option.toLowerCase().startsWith(lower) || lower.startsWith(option.toLowerCase()),
          ) ??
          null,
      ]
    }),
  )
  return { values, guessed: guessed.filter((name) => name in properties) }
}

/** Whether this request is the text-only item-specifics call (its schema asks for `values`). */
export const asksForAspects = (body: GenerateContentBody) =>
  body.generationConfig?.responseSchema?.properties?.values !== undefined

// The fields Google's Schema message has; anything else is refused as an unknown name, as the real API does.
const SCHEMA_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
])
const SCHEMA_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL'])

const googleError = (c: Context, code: ContentfulStatusCode, status: string, message: string, details?: unknown[]) =>
  c.json({ error: { code, message, status, ...(details ? { details } : {}) } }, code)

const errorInfo = (reason: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service: 'generativelanguage.googleapis.com' },
})

/** Why Google would refuse this schema, or undefined. */
function schemaProblem(node: unknown, path: string): string | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return `${path} must be an object`
  const schema = node as SchemaNode
  const unknown = Object.keys(schema).find((field) => !SCHEMA_FIELDS.has(field))
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}" at '${path}': Cannot find field.`
  if (schema.type !== undefined && !SCHEMA_TYPES.has(String(schema.type).toUpperCase()))
    return `${path}.type: unknown type ${String(schema.type)}`
  if (schema.enum && String(schema.type).toUpperCase() !== 'STRING') return `${path}.enum: only allowed for STRING type`
  const names = Object.keys(schema.properties ?? {})
  const missing = [...(schema.required ?? []), ...(schema.propertyOrdering ?? [])].find((name) => !names.includes(name))
  if (missing) return `${path}: property "${missing}" is required or ordered but not defined`
  if (schema.items) return schemaProblem(schema.items, `${path}.items`)
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const problem = schemaProblem(child, `${path}.properties[${name}]`)
    if (problem) return problem
  }
  return undefined
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** What Google (or this stand-in's contract with the analyser) would refuse in the body, or undefined. */
function bodyProblem(body: GenerateContentBody): string | undefined {
  const parts = body.contents?.[0]?.parts
  if (!Array.isArray(parts) || parts.length === 0)
    return '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.'
  for (const image of parts.flatMap((part) => (part?.inlineData ? [part.inlineData] : []))) {
    if (!image.mimeType?.startsWith('image/'))
      return '* GenerateContentRequest.contents[0].parts: an inlineData part needs an image/* mimeType.'
    if (!image.data || !BASE64.test(image.data))
      return "Invalid value at 'contents[0].parts.inline_data.data' (TYPE_BYTES), Base64 decoding failed."
  }
  // Gemini takes up to 3,600 images a request; this stand-in holds the analyser to its own cap of 8.
  if (parts.filter((part) => part?.inlineData).length > 8)
    return '* GenerateContentRequest.contents[0].parts: more images than the analyser may send (8).'
  const generation = body.generationConfig
  if (generation?.responseMimeType !== 'application/json')
    return '* GenerateContentRequest.generation_config.response_mime_type: must be application/json.'
  if (!generation.responseSchema && !generation.responseJsonSchema)
    return '* GenerateContentRequest.generation_config.response_schema: a response schema is required.'
  if (generation.responseSchema) return schemaProblem(generation.responseSchema, 'generation_config.response_schema')
  return undefined
}

const TILE = 768
const TOKENS_PER_TILE = 258
const textTokens = (text: string) => Math.ceil(text.length / 4)

/** Google's rule: an image of at most 384 px both ways is 258 tokens; a larger one, 258 per 768 px tile. */
async function imageTokens(data: string): Promise<number> {
  const { width = 0, height = 0 } = await sharp(Buffer.from(data, 'base64'))
    .metadata()
    .catch(() => ({ width: 0, height: 0 }))
  if (width <= 384 && height <= 384) return TOKENS_PER_TILE
  return Math.ceil(width / TILE) * Math.ceil(height / TILE) * TOKENS_PER_TILE
}

async function usageOf(body: GenerateContentBody): Promise<Omit<Usage, 'outputTokens'>> {
  const parts = body.contents?.[0]?.parts ?? []
  const images = parts.flatMap((part) => (part.inlineData?.data ? [part.inlineData.data] : []))
  const image = (await Promise.all(images.map(imageTokens))).reduce((sum, tokens) => sum + tokens, 0)
  const text =
    parts.reduce((sum, part) => sum + (part.text ? textTokens(part.text) : 0), 0) +
    textTokens(JSON.stringify(body.generationConfig?.responseSchema ?? {}))
  return { images: images.length, imageTokens: image, textTokens: text, promptTokens: image + text }
}

function answer(c: Context, model: string, modelText: string, recorded?: RecordedRequest) {
  const outputTokens = textTokens(modelText)
  const usage = recorded?.usage ? { ...recorded.usage, outputTokens } : undefined
  if (recorded && usage) recorded.usage = usage
  return c.json({
    candidates: [{ content: { role: 'model', parts: [{ text: modelText }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: usage?.promptTokens ?? 1290,
      candidatesTokenCount: outputTokens,
      totalTokenCount: (usage?.promptTokens ?? 1290) + outputTokens,
    },
    modelVersion: model,
    responseId: crypto.randomUUID(),
  })
}

/** The stand-in's answer in 'good' mode: the Levi's, described, or its item specifics. */
const goodReply = (body: GenerateContentBody) =>
  asksForAspects(body) ? aspectsReply(body, LEVIS_501_ASPECTS) : LEVIS_501_REPLY

const REPLY_MODES: ReplyMode[] = [
  'good',
  'measured',
  'out-of-set',
  'malformed',
  'blocked',
  'slow',
  'error-500',
  'rate-limited',
  'key-forbidden',
]

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function createFakeApp(state: {
  apiKey: string
  reply: ReplyMode | ReplyFunction
  slowMs: number
  requests: RecordedRequest[]
}) {
  return (
    new Hono()
      // For the stand-in run on its own (the browser suite's, or by hand beside `npm start`): switch the reply, e.g.
      // busy and back: curl -X PUT localhost:3299/_control/reply -d '{"mode":"rate-limited"}', then '{"mode":"good"}'.
      .put('/_control/reply', async (c) => {
        const { mode } = await c.req.json<{ mode?: ReplyMode }>().catch(() => ({ mode: undefined }))
        if (!mode || !REPLY_MODES.includes(mode))
          return c.json({ message: `mode must be one of ${REPLY_MODES.join(', ')}` }, 400)
        state.reply = mode
        return c.json({ mode })
      })
      .post('/v1beta/models/:modelAction', async (c) => {
        const receivedAt = performance.now()
        const [model = '', action = ''] = c.req.param('modelAction').split(':')
        const body = await c.req.json<GenerateContentBody>().catch(() => undefined)
        const apiKey = c.req.header('x-goog-api-key')
        const recorded: RecordedRequest = {
          model,
          action,
          apiKey,
          headers: {
            contentType: c.req.header('content-type'),
            apiClient: c.req.header('x-goog-api-client'),
            serverTimeout: c.req.header('x-server-timeout'),
          },
          body,
          receivedAt,
        }
        state.requests.push(recorded)

        if (!apiKey) {
          return googleError(
            c,
            403,
            'PERMISSION_DENIED',
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          )
        }
        // Google answers a wrong or expired key with 400, not 401.
        if (apiKey !== state.apiKey)
          return googleError(c, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
            errorInfo('API_KEY_INVALID'),
          ])
        if (!model.startsWith('gemini-') || action !== 'generateContent') {
          return googleError(
            c,
            404,
            'NOT_FOUND',
            `models/${model} is not found for API version v1beta, or is not supported for ${action}. Call ListModels to see the list of available models and their supported methods.`,
          )
        }
        if (!body) return googleError(c, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.')
        const problem = bodyProblem(body)
        if (problem) return googleError(c, 400, 'INVALID_ARGUMENT', problem)
        recorded.usage = { ...(await usageOf(body)), outputTokens: 0 }

        const reply = state.reply
        if (typeof reply === 'function') return answer(c, model, asText(reply(body)), recorded)
        switch (reply) {
          case 'good':
            return answer(c, model, JSON.stringify(goodReply(body)), recorded)
          case 'measured':
            return answer(
              c,
              model,
              JSON.stringify(asksForAspects(body) ? goodReply(body) : LEVIS_501_MEASURED_REPLY),
              recorded,
            )
          case 'out-of-set':
            return answer(
              c,
              model,
              JSON.stringify(asksForAspects(body) ? goodReply(body) : LEVIS_501_OUT_OF_SET),
              recorded,
            )
          case 'malformed':
            return answer(c, model, "Sorry, I can't describe this item.")
          case 'blocked':
            return c.json({
              promptFeedback: {
                blockReason: 'SAFETY',
                safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
              },
              usageMetadata: { promptTokenCount: 1290, totalTokenCount: 1290 },
              modelVersion: model,
            })
          case 'slow':
            // Stops waiting when the client gives up, so close() is not held open by a sleeping handler.
            await sleep(state.slowMs, undefined, { signal: c.req.raw.signal }).catch(() => {})
            return answer(c, model, JSON.stringify(goodReply(body)), recorded)
          case 'error-500':
            return googleError(
              c,
              500,
              'INTERNAL',
              'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
            )
          case 'rate-limited':
            return googleError(
              c,
              429,
              'RESOURCE_EXHAUSTED',
              'You exceeded your current quota, please check your plan and billing details.',
              [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '31s' }],
            )
          case 'key-forbidden':
            return googleError(
              c,
              403,
              'PERMISSION_DENIED',
              'Requests to this API generativelanguage.googleapis.com method google.ai.generativelanguage.v1beta.GenerativeService.GenerateContent are blocked.',
              [errorInfo('API_KEY_SERVICE_BLOCKED')],
            )
        }
      })
  )
}

export function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const state = {
    apiKey: options.apiKey ?? `fake-gemini-${crypto.randomUUID()}`,
    reply: (options.mode ?? 'good') as ReplyMode | ReplyFunction,
    slowMs: options.slowMs ?? 5_000,
    requests: [] as RecordedRequest[],
  }
  return listen(createFakeApp(state), options.port ?? 0, () => ({
    apiKey: state.apiKey,
    requests: state.requests,
    setReply: (reply: ReplyMode | ReplyFunction) => {
      state.reply = reply
    },
  }))
}

// Run directly (node --import tsx tests/fakes/gemini.ts) for the browser tests; FAKE_GEMINI_MODE picks another reply.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mode = (process.env.FAKE_GEMINI_MODE ?? 'good') as ReplyMode
  if (!REPLY_MODES.includes(mode)) throw new Error(`FAKE_GEMINI_MODE must be one of ${REPLY_MODES.join(', ')}`)
  const fake = await startFakeGemini({
    port: Number(process.env.FAKE_GEMINI_PORT ?? 3299),
    apiKey: process.env.FAKE_GEMINI_KEY ?? 'test-gemini-key',
    mode,
  })
  console.log(`fake Gemini listening on ${fake.url} (mode ${mode})`)
}
