// Where photo files live: a folder on the local disk (served by the app at /files/) or a public Supabase Storage
// bucket. Both take only content-hashed keys, so a key can never name a path outside the storage.
import { randomBytes } from 'node:crypto'
import { access, constants, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { StorageClient } from '@supabase/storage-js'
import { AppError } from '../../errors.ts'

export interface StoredFile {
  key: string
  url: string
}

export interface FileStorage {
  kind: 'local' | 'supabase'
  /** The origin browsers load the photos from when it is not this server's, for the Content-Security-Policy. */
  origin?: string
  /** Stores bytes under key (idempotent: the same key again replaces/keeps the same content) and returns its public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<StoredFile>
  /** Deletes the keys; keys that do not exist are ignored. */
  remove(keys: string[]): Promise<void>
  /** The key a URL made by this storage points at, or undefined when the URL is not one of ours. */
  keyFromUrl(url: string): string | undefined
  /** Deletes a folder (a seller's `u<id>`) with whatever is in it, files no row names included. */
  removeFolder(folder: string): Promise<void>
  /** The keys of files last written before `before`, for the sweep of files no row names (photo-sweep.ts). */
  listWrittenBefore(before: Date): Promise<string[]>
  /** Whether photos can be stored, for the start summary: what is wrong names the setting to change. */
  check(): Promise<StorageCheck>
}

export interface StorageCheck {
  ok: boolean
  summary: string
}

export interface LocalFile {
  bytes: Buffer
  contentType: string
}

export interface LocalStorage extends FileStorage {
  kind: 'local'
  read(key: string): Promise<LocalFile | undefined>
}

export const LOCAL_FILES_PATH = '/files/'

export const isLocal = (storage: FileStorage): storage is LocalStorage => storage.kind === 'local'

const photoMissing = () =>
  new AppError(
    409,
    'photo_missing',
    'One of this listing’s photos can no longer be read. Delete the listing and create it again with its photos.',
  )

/**
 * A stored photo's bytes: from the local disk, else from its public URL (Supabase); `base` makes this server's own
 * relative URLs absolute. 409 photo_missing when it can no longer be read.
 */
export async function readPhoto(
  storage: FileStorage,
  photo: { key: string; url: string },
  base = 'http://localhost',
): Promise<Buffer> {
  const file = isLocal(storage) ? await storage.read(photo.key) : undefined
  if (file) return file.bytes
  const address = /^https?:\/\//.test(photo.url) ? photo.url : `${base}${photo.url}`
  const response = await fetch(address, { signal: AbortSignal.timeout(15_000) }).catch(() => undefined)
  if (response?.ok) return Buffer.from(await response.arrayBuffer())
  throw photoMissing()
}

// One optional folder level and no dots except the extension: nothing a key can say reaches outside the storage.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)?\.(jpg|webp)$/
const CONTENT_TYPES = { jpg: 'image/jpeg', webp: 'image/webp' } as const

export function isValidKey(key: string): boolean {
  return typeof key === 'string' && KEY_PATTERN.test(key)
}

const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]*$/
function assertValidFolder(folder: string): void {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${JSON.stringify(folder)}`)
}

// Keys come from our own hashing code, so a bad one is a bug to surface, not user input to explain.
function assertValidKeys(keys: string[]): void {
  const bad = keys.filter((key) => !isValidKey(key))
  if (bad.length > 0) throw new Error(`Invalid storage key(s): ${bad.map((key) => JSON.stringify(key)).join(', ')}`)
}

function keyAfter(prefix: string, url: string): string | undefined {
  if (!url.startsWith(prefix)) return undefined
  const key = url.slice(prefix.length)
  return isValidKey(key) ? key : undefined
}

const contentTypeOf = (key: string): string => (key.endsWith('.webp') ? CONTENT_TYPES.webp : CONTENT_TYPES.jpg)

const isMissingFile = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

// Temp file in the same folder, synced, then renamed: readers see the old file or the whole new one, even after a crash.
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`
  try {
    const handle = await open(temp, 'wx')
    try {
      await handle.writeFile(bytes)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

export function createLocalStorage(dir: string): LocalStorage {
  const root = path.resolve(dir)
  const fileOf = (key: string) => path.join(root, ...key.split('/'))

  return {
    kind: 'local',

    // The content type is not stored: the key's extension decides it when the file is read back.
    async put(key: string, bytes: Buffer): Promise<StoredFile> {
      assertValidKeys([key])
      await writeAtomically(fileOf(key), bytes)
      return { key, url: `${LOCAL_FILES_PATH}${key}` }
    },

    async remove(keys: string[]): Promise<void> {
      assertValidKeys(keys)
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))
    },

    keyFromUrl: (url: string) => keyAfter(LOCAL_FILES_PATH, url),

    async check(): Promise<StorageCheck> {
      try {
        await mkdir(root, { recursive: true })
        await access(root, constants.W_OK)
        return { ok: true, summary: `on this disk, in ${root}` }
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code
        return {
          ok: false,
          summary: `cannot write to ${root} (${String(code ?? error)}): check DATA_DIR and its permissions`,
        }
      }
    },

    async removeFolder(folder: string): Promise<void> {
      assertValidFolder(folder)
      await rm(path.join(root, folder), { recursive: true, force: true })
    },

    async listWrittenBefore(before: Date): Promise<string[]> {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) =>
        isMissingFile(error) ? [] : Promise.reject(error),
      )
      const keys = entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      const written = await Promise.all(
        keys
          .filter(isValidKey)
          .map(async (key) => ({ key, at: (await stat(fileOf(key)).catch(() => undefined))?.mtime })),
      )
      return written.filter(({ at }) => at && at < before).map(({ key }) => key)
    },

    async read(key: string): Promise<LocalFile | undefined> {
      if (!isValidKey(key)) return undefined
      try {
        return { bytes: await readFile(fileOf(key)), contentType: contentTypeOf(key) }
      } catch (error) {
        if (isMissingFile(error)) return undefined
        throw error
      }
    },
  }
}

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
