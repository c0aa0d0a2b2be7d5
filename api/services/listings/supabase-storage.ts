// Photo files in a public Supabase Storage bucket: every call within a time limit, the provider's failures logged
// without secrets and answered as one 502, and a start-up check that names the setting to change.
import { StorageClient } from '@supabase/storage-js'
import { AppError } from '../../errors.ts'
import {
  assertValidFolder,
  assertValidKeys,
  isValidKey,
  keyAfter,
  type FileStorage,
  type StorageCheck,
  type StoredFile,
} from './storage.ts'

export interface SupabaseStorageConfig {
  url: string
  serviceKey: string
  bucket: string
  fetch?: typeof fetch
  /** How long one call may take before it is given up as an outage (tests shorten it). */
  timeoutMs?: number
}

/** An upload of a 1600 px JPEG takes well under a second; a call still unanswered after this is an outage. */
const STORAGE_CALL_TIMEOUT_MS = 20_000
/** The start-up check waits less: the server starts either way, and says what it found. */
const STORAGE_CHECK_TIMEOUT_MS = 5_000

/** fetch with a time limit on the whole exchange, body included, so a paused storage server cannot hold a request. */
function fetchWithin(timeoutMs: number, fetcher: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const limit = AbortSignal.timeout(timeoutMs)
    return fetcher(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, limit]) : limit })
  }
}

// Content-hashed names never change content, so browsers and the CDN may keep a file for a year.
const ONE_YEAR_SECONDS = '31536000'

interface ProviderOutcome {
  error: { message?: string; status?: number; statusCode?: string } | null
}

const storageUnavailable = () =>
  new AppError(502, 'storage_failed', 'Photo storage is unavailable right now. Try again in a moment.')

// The provider's text may echo object paths or, in theory, credentials; the log keeps the cause without them.
function redact(text: string, secrets: string[]): string {
  return secrets.filter(Boolean).reduce((out, secret) => out.split(secret).join('[redacted]'), text)
}

export function createSupabaseStorage(config: SupabaseStorageConfig): FileStorage {
  const base = config.url.replace(/\/+$/, '')
  const clientWithin = (timeoutMs: number) =>
    new StorageClient(
      `${base}/storage/v1`,
      { apikey: config.serviceKey, Authorization: `Bearer ${config.serviceKey}` },
      fetchWithin(timeoutMs, config.fetch),
    )
  const client = clientWithin(config.timeoutMs ?? STORAGE_CALL_TIMEOUT_MS)
  const bucket = () => client.from(config.bucket)
  // Same encoding getPublicUrl applies, so the URLs it hands out parse back.
  const publicPrefix = encodeURI(`${base}/storage/v1/object/public/${config.bucket}/`)

  // storage-js resolves to { error } for HTTP and network failures; the catch covers anything it throws instead.
  async function call(action: string, keys: string[], run: () => Promise<ProviderOutcome>): Promise<void> {
    let failure: unknown
    try {
      failure = (await run()).error
    } catch (error) {
      failure = error ?? 'unknown error'
    }
    if (!failure) return
    const { status, statusCode, message } = failure as { status?: unknown; statusCode?: unknown; message?: unknown }
    const detail = redact(String(message ?? failure), [config.serviceKey, ...keys])
    console.error(`Supabase Storage ${action} failed:`, { status, statusCode, message: detail })
    throw storageUnavailable()
  }

  return {
    kind: 'supabase',
    origin: new URL(base).origin,

    async put(key: string, bytes: Buffer, contentType: string): Promise<StoredFile> {
      assertValidKeys([key])
      await call('upload', [key], () =>
        bucket().upload(key, bytes, { contentType, upsert: true, cacheControl: ONE_YEAR_SECONDS }),
      )
      return { key, url: bucket().getPublicUrl(key).data.publicUrl }
    },

    async remove(keys: string[]): Promise<void> {
      assertValidKeys(keys)
      if (keys.length === 0) return
      await call('remove', keys, () => bucket().remove(keys))
    },

    keyFromUrl: (url: string) => keyAfter(publicPrefix, url),

    async check(): Promise<StorageCheck> {
      const where = `bucket '${config.bucket}' at ${base}`
      try {
        const { data, error } = await clientWithin(
          Math.min(config.timeoutMs ?? STORAGE_CHECK_TIMEOUT_MS, STORAGE_CHECK_TIMEOUT_MS),
        ).getBucket(config.bucket)
        if (error) return { ok: false, summary: `Supabase Storage ${where} ${refusalAdvice(error, config.bucket)}` }
        if (!data.public) {
          return {
            ok: false,
            summary: `Supabase Storage ${where} is private: make SUPABASE_BUCKET a public bucket, or photos will not show`,
          }
        }
        return { ok: true, summary: `Supabase Storage, ${where}` }
      } catch (error) {
        return {
          ok: false,
          summary: `Supabase Storage ${where} could not be checked: ${redact(String(error), [config.serviceKey])}`,
        }
      }
    },

    async removeFolder(folder: string): Promise<void> {
      assertValidFolder(folder)
      await this.remove((await listObjects(folder)).map((object) => object.key))
    },

    async listWrittenBefore(before: Date): Promise<string[]> {
      const folders = (await listObjects('')).filter((entry) => entry.folder).map((entry) => entry.key)
      const objects = (await Promise.all(folders.map(listObjects))).flat()
      return objects.filter((object) => !object.folder && object.at && object.at < before).map((object) => object.key)
    },
  }

  /** What a folder of the bucket holds (one level), a page of at most LIST_PAGE at a time. */
  async function listObjects(folder: string): Promise<{ key: string; folder: boolean; at?: Date }[]> {
    const found: { key: string; folder: boolean; at?: Date }[] = []
    for (let offset = 0; ; offset += LIST_PAGE) {
      let page: { name: string; id: string | null; updated_at?: string | null }[] = []
      await call('list', [folder], async () => {
        const reply = await bucket().list(folder, { limit: LIST_PAGE, offset })
        page = reply.data ?? []
        return reply
      })
      for (const entry of page) {
        const key = folder ? `${folder}/${entry.name}` : entry.name
        found.push({ key, folder: entry.id === null, at: entry.updated_at ? new Date(entry.updated_at) : undefined })
      }
      if (page.length < LIST_PAGE) return found.filter((entry) => entry.folder || isValidKey(entry.key))
    }
  }
}

const LIST_PAGE = 1000

/** What a refused bucket read says about the settings: the key, the bucket's name, or an address that is not Supabase's. */
function refusalAdvice(error: { message?: string; status?: number; statusCode?: string }, bucket: string): string {
  const code = String(error.statusCode ?? error.status ?? '')
  if (!('status' in error) || error.status === undefined) {
    return `did not answer (${error.message ?? 'network error'}): check SUPABASE_URL, the project's (or its gateway's) address`
  }
  if (code === '401' || code === '403' || /signature|jwt|unauthori[sz]ed/i.test(error.message ?? '')) {
    return "refused the key: set SUPABASE_SERVICE_KEY to the project's service_role key"
  }
  if (/bucket not found/i.test(error.message ?? ''))
    return `has no bucket named '${bucket}': create it (public), or correct SUPABASE_BUCKET`
  return `answered HTTP ${error.status} (${error.message ?? 'no message'}): SUPABASE_URL must be the project's address, not the storage server's (the client adds /storage/v1 itself)`
}
