// The Gemini analyser: all of a draft's photos and the prompt in one JSON-mode call, then a second, text-only call that
// fills the category's item specifics (docs/product.md §12); whatever goes wrong with the provider becomes one of our errors.
import {
  ApiError,
  FinishReason,
  GoogleGenAI,
  type GenerateContentResponse,
  type Part,
  type Schema,
} from '@google/genai'
import { analysisBusy, analysisFailed, analysisTimeout, keyRefused } from './errors.ts'
import { aspectsSchema, RESPONSE_SCHEMA } from './gemini-schema.ts'
import type { ImageAnalyzer } from './image-analyzer.ts'
import { normalizeAnalysis } from './normalize-analysis.ts'
import { normalizeAspects } from './normalize-aspects.ts'
import { aspectsPrompt, photoParts, promptFor } from './prompt.ts'

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
