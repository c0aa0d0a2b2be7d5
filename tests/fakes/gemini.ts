// A stand-in for Gemini's generateContent REST endpoint: it refuses what Google refuses (key, image, JSON mode, schema,
// model name) and answers with canned replies, so tests and browser tests run the real @google/genai client offline.
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { listen } from './listen.ts'

export type ReplyMode = 'good' | 'out-of-set' | 'malformed' | 'blocked' | 'slow' | 'error-500' | 'rate-limited' | 'key-forbidden'
/** Computes the model's answer from the request: an object is sent as its JSON text, a string as it is. */
export type ReplyFunction = (body: GenerateContentBody) => unknown

export interface Part {
  text?: string
  inlineData?: { mimeType?: string; data?: string }
  [field: string]: unknown
}

export interface GenerateContentBody {
  contents?: { role?: string; parts?: Part[] }[]
  generationConfig?: { responseMimeType?: string; responseSchema?: SchemaNode; responseJsonSchema?: unknown; temperature?: number; [field: string]: unknown }
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
  keywords: ["levi's 501", 'levis jeans', '501 original fit', 'mens jeans', 'button fly jeans', 'straight leg jeans', 'stonewash denim', 'w32 l32'],
  primaryColor: 'blue',
  brand: "Levi's",
  size: 'W32 L32',
  type: 'Regular',
  sizeType: 'Regular',
  department: 'Men',
}

// What a model that ignores the enums might answer.
export const LEVIS_501_OUT_OF_SET: Record<string, unknown> = {
  ...LEVIS_501,
  category: 'Apparel & Accessories',
  primaryColor: 'Navy',
  type: 'Limited Edition',
  department: 'mens',
  suggestedPrice: '$49.99',
}

// The fields Google's Schema message has; anything else is refused as an unknown name, as the real API does.
const SCHEMA_FIELDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required',
  'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering',
  'default', 'items', 'minimum', 'maximum',
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
  if (schema.type !== undefined && !SCHEMA_TYPES.has(String(schema.type).toUpperCase())) return `${path}.type: unknown type ${String(schema.type)}`
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
  if (!Array.isArray(parts) || parts.length === 0) return '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.'
  const image = parts.find((part) => part?.inlineData)?.inlineData
  if (!image || !image.mimeType?.startsWith('image/')) return '* GenerateContentRequest.contents[0].parts: an inlineData part with an image/* mimeType is required.'
  if (!image.data || !BASE64.test(image.data)) return "Invalid value at 'contents[0].parts.inline_data.data' (TYPE_BYTES), Base64 decoding failed."
  const generation = body.generationConfig
  if (generation?.responseMimeType !== 'application/json') return '* GenerateContentRequest.generation_config.response_mime_type: must be application/json.'
  if (!generation.responseSchema && !generation.responseJsonSchema) return '* GenerateContentRequest.generation_config.response_schema: a response schema is required.'
  if (generation.responseSchema) return schemaProblem(generation.responseSchema, 'generation_config.response_schema')
  return undefined
}

function answer(c: Context, model: string, modelText: string) {
  return c.json({
    candidates: [{ content: { role: 'model', parts: [{ text: modelText }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1290, candidatesTokenCount: 214, totalTokenCount: 1504 },
    modelVersion: model,
    responseId: crypto.randomUUID(),
  })
}

const REPLY_MODES: ReplyMode[] = ['good', 'out-of-set', 'malformed', 'blocked', 'slow', 'error-500', 'rate-limited', 'key-forbidden']

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function createFakeApp(state: { apiKey: string; reply: ReplyMode | ReplyFunction; slowMs: number; requests: RecordedRequest[] }) {
  return new Hono()
    // For the stand-in run on its own (the browser suite's, or by hand beside `npm start`): switch the reply, e.g.
    // busy and back: curl -X PUT localhost:3299/_control/reply -d '{"mode":"rate-limited"}', then '{"mode":"good"}'.
    .put('/_control/reply', async (c) => {
      const { mode } = await c.req.json<{ mode?: ReplyMode }>().catch(() => ({ mode: undefined }))
      if (!mode || !REPLY_MODES.includes(mode)) return c.json({ message: `mode must be one of ${REPLY_MODES.join(', ')}` }, 400)
      state.reply = mode
      return c.json({ mode })
    })
    .post('/v1beta/models/:modelAction', async (c) => {
    const [model = '', action = ''] = c.req.param('modelAction').split(':')
    const body = await c.req.json<GenerateContentBody>().catch(() => undefined)
    const apiKey = c.req.header('x-goog-api-key')
    state.requests.push({
      model,
      action,
      apiKey,
      headers: { contentType: c.req.header('content-type'), apiClient: c.req.header('x-goog-api-client'), serverTimeout: c.req.header('x-server-timeout') },
      body,
    })

    if (!apiKey) {
      return googleError(c, 403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.")
    }
    // Google answers a wrong or expired key with 400, not 401.
    if (apiKey !== state.apiKey) return googleError(c, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [errorInfo('API_KEY_INVALID')])
    if (!model.startsWith('gemini-') || action !== 'generateContent') {
      return googleError(c, 404, 'NOT_FOUND', `models/${model} is not found for API version v1beta, or is not supported for ${action}. Call ListModels to see the list of available models and their supported methods.`)
    }
    if (!body) return googleError(c, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.')
    const problem = bodyProblem(body)
    if (problem) return googleError(c, 400, 'INVALID_ARGUMENT', problem)

    const reply = state.reply
    if (typeof reply === 'function') return answer(c, model, asText(reply(body)))
    switch (reply) {
      case 'good':
        return answer(c, model, JSON.stringify(LEVIS_501))
      case 'out-of-set':
        return answer(c, model, JSON.stringify(LEVIS_501_OUT_OF_SET))
      case 'malformed':
        return answer(c, model, "Sorry, I can't describe this item.")
      case 'blocked':
        return c.json({
          promptFeedback: { blockReason: 'SAFETY', safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }] },
          usageMetadata: { promptTokenCount: 1290, totalTokenCount: 1290 },
          modelVersion: model,
        })
      case 'slow':
        // Stops waiting when the client gives up, so close() is not held open by a sleeping handler.
        await sleep(state.slowMs, undefined, { signal: c.req.raw.signal }).catch(() => {})
        return answer(c, model, JSON.stringify(LEVIS_501))
      case 'error-500':
        return googleError(c, 500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting')
      case 'rate-limited':
        return googleError(c, 429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.', [
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '31s' },
        ])
      case 'key-forbidden':
        return googleError(c, 403, 'PERMISSION_DENIED', 'Requests to this API generativelanguage.googleapis.com method google.ai.generativelanguage.v1beta.GenerativeService.GenerateContent are blocked.', [
          errorInfo('API_KEY_SERVICE_BLOCKED'),
        ])
    }
  })
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
  const fake = await startFakeGemini({ port: Number(process.env.FAKE_GEMINI_PORT ?? 3299), apiKey: process.env.FAKE_GEMINI_KEY ?? 'test-gemini-key', mode })
  console.log(`fake Gemini listening on ${fake.url} (mode ${mode})`)
}
