// The X-EBAY-SIGNATURE of eBay's notifications (integration-notes §A3), checked for every push eBay makes to this
// server (account deletions, a seller's orders): ECDSA over the body with eBay's public key (Notification API
// getPublicKey, fetched with an application token and cached by key id). The endpoints are public and the key id is
// whatever the header says, so key ids eBay does not know are remembered, and fetches of keys not yet known are
// limited per client address and overall: posting made-up key ids cannot make this server call eBay at will. A push to
// a seller's own order address draws on an overall budget of its own: that address is a secret eBay alone was given,
// so it is the one thing about a notification no other sender can choose (a body can name anyone, a header say
// anything), and a flood of made-up key ids, whoever it names, never holds back eBay's pushes of sales.
import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import type { EbayConfig } from './ebay-env.ts'
import { AppError } from '../../errors.ts'
import { hostsOf } from './hosts.ts'
import { AppTokenUnavailable, createAppTokens, type AppTokens } from './app-token.ts'
import { createLimiter } from '../rate-limit.ts'

const TIMEOUT_MS = 10_000
// eBay signs with a handful of keys, each cached once fetched; a new one is rare, so a few fetches a minute are plenty.
export const KEY_FETCH_LIMITS = {
  perAddress: { max: 5, windowSeconds: 60 },
  overall: { max: 20, windowSeconds: 60 },
}
// A key id eBay said it does not know is refused without asking again for 10 minutes; at most this many are kept.
const UNKNOWN_KEY_TTL_MS = 10 * 60_000
const UNKNOWN_KEYS_MAX = 10_000

const SignatureSchema = v.object({
  alg: v.string(),
  kid: v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/)),
  signature: v.string(),
  digest: v.string(),
})
const PublicKeySchema = v.object({ key: v.string(), algorithm: v.optional(v.string()), digest: v.optional(v.string()) })

const badSignature = (why: string) =>
  new AppError(412, 'ebay_signature_invalid', `The X-EBAY-SIGNATURE header could not be verified: ${why}.`)
const keyUnavailable = () =>
  new AppError(
    502,
    'ebay_public_key_unavailable',
    "eBay's public key for this notification could not be fetched. eBay will send it again.",
  )

/** eBay sends the PEM body without line breaks; Node wants the armour lines on their own. */
const toPem = (key: string) =>
  key
    .replace(/-----BEGIN PUBLIC KEY-----\s*/, '-----BEGIN PUBLIC KEY-----\n')
    .replace(/\s*-----END PUBLIC KEY-----/, '\n-----END PUBLIC KEY-----')

/** Whose overall budget a key fetch draws on: a push to a seller's own (secret) address, or any other notification. */
export type KeyBudget = 'seller-address' | 'public'

/** A notification's body as JSON (the signature is checked against both it and its text); 400 when it is not. */
export function notificationBody(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody)
  } catch {
    throw new AppError(400, 'invalid_json', 'The notification body is not JSON.')
  }
}

export interface NotificationSignatures {
  verify(
    rawBody: string,
    parsedBody: unknown,
    header: string | undefined,
    clientAddress: string,
    budget: KeyBudget,
  ): Promise<void>
}

/** `appTokens`: the app's one cache of eBay application tokens, shared with whatever else calls eBay as the app. */
export function createNotificationSignatures(
  sql: Sql,
  config: EbayConfig | undefined,
  fetcher: typeof fetch = fetch,
  appTokens: AppTokens = createAppTokens(config, fetcher),
): NotificationSignatures {
  const hosts = hostsOf(config)
  const keys = new Map<string, KeyObject>()
  /** Key ids eBay answered 400/404 for, with when that answer stops counting. */
  const unknownKeys = new Map<string, number>()
  /** Fetches under way, so the same key id posted twice at once is fetched once. */
  const lookups = new Map<string, Promise<KeyObject>>()
  const keyFetches = createLimiter(
    sql,
    'ebay-key',
    KEY_FETCH_LIMITS,
    (wait) => `Too many notifications signed with keys this server does not know yet. Try again in ${wait}.`,
  )

  /** eBay's JSON answer, or the HTTP status it refused with (undefined when it could not be reached or made no sense). */
  async function fetchJson<S extends v.GenericSchema>(
    url: string,
    init: RequestInit,
    schema: S,
  ): Promise<{ value: v.InferOutput<S> } | { status: number | undefined }> {
    try {
      const response = await fetcher(url, {
        ...init,
        headers: { accept: 'application/json', 'accept-language': 'en-US', ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) {
        console.error(`[ebay] ${new URL(url).pathname} answered HTTP ${response.status}`)
        return { status: response.status }
      }
      const parsed = v.safeParse(schema, await response.json())
      return parsed.success ? { value: parsed.output } : { status: undefined }
    } catch (error) {
      console.error(`[ebay] ${new URL(url).pathname} failed: ${error instanceof Error ? error.message : String(error)}`)
      return { status: undefined }
    }
  }

  async function applicationToken(): Promise<string> {
    return appTokens.get().catch((error: unknown) => {
      if (!(error instanceof AppTokenUnavailable)) throw error
      console.error(`[ebay] no application token: ${error.message}`)
      throw keyUnavailable()
    })
  }

  const noSuchKey = () => badSignature('eBay has no public key with its key id')

  function rememberUnknown(kid: string) {
    // Maps keep insertion order: the first entry is the oldest.
    if (unknownKeys.size >= UNKNOWN_KEYS_MAX) unknownKeys.delete(unknownKeys.keys().next().value!)
    unknownKeys.set(kid, Date.now() + UNKNOWN_KEY_TTL_MS)
  }

  function knownUnknown(kid: string): boolean {
    const until = unknownKeys.get(kid)
    if (until === undefined) return false
    if (until > Date.now()) return true
    unknownKeys.delete(kid)
    return false
  }

  /**
   * The key for this id: from the cache, else fetched from eBay once the fetch limits allow it; `budget` is the overall
   * counter the fetch draws on.
   */
  function publicKey(kid: string, clientAddress: string, budget: KeyBudget): Promise<KeyObject> {
    const cached = keys.get(kid)
    if (cached) return Promise.resolve(cached)
    if (knownUnknown(kid)) return Promise.reject(noSuchKey())
    const pending = lookups.get(kid)
    if (pending) return pending
    const lookup = keyFetches
      .consume({ perAddress: clientAddress, overall: budget })
      .then(() => fetchPublicKey(kid))
      .finally(() => lookups.delete(kid))
    lookups.set(kid, lookup)
    return lookup
  }

  async function fetchPublicKey(kid: string): Promise<KeyObject> {
    const token = await applicationToken()
    const reply = await fetchJson(
      `${hosts.api}/commerce/notification/v1/public_key/${kid}`,
      { headers: { authorization: `Bearer ${token}` } },
      PublicKeySchema,
    )
    // The key id comes from the header, which anyone can write: eBay's 400 or 404 means the signature is not eBay's,
    // while any other failure is ours or eBay's, and eBay sends the notification again.
    if ('status' in reply && (reply.status === 400 || reply.status === 404)) {
      rememberUnknown(kid)
      throw noSuchKey()
    }
    if (!('value' in reply)) throw keyUnavailable()
    const key = createPublicKey(toPem(reply.value.key))
    keys.set(kid, key)
    return key
  }

  /** Checks the ECDSA/SHA-1 signature over the body as sent, or as eBay's SDK re-serialises it. */
  async function verifySignature(
    rawBody: string,
    parsedBody: unknown,
    header: string | undefined,
    clientAddress: string,
    budget: KeyBudget,
  ): Promise<void> {
    if (!header) throw badSignature('it is missing')
    let decoded: unknown
    try {
      decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'))
    } catch {
      throw badSignature('it is not base64-encoded JSON')
    }
    const signature = v.safeParse(SignatureSchema, decoded)
    if (!signature.success) throw badSignature('it lacks alg, kid, signature or digest')
    const key = await publicKey(signature.output.kid, clientAddress, budget)
    const bytes = Buffer.from(signature.output.signature, 'base64')
    const matches = (text: string) => verify('sha1', Buffer.from(text), { key, dsaEncoding: 'der' }, bytes)
    if (!matches(rawBody) && !matches(JSON.stringify(parsedBody)))
      throw badSignature('the signature does not match the body')
  }

  return { verify: verifySignature }
}
