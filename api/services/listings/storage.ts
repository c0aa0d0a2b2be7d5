// Where photo files live, behind one interface: a folder on the local disk (local-storage.ts, served by the app at
// /files/) or a public Supabase Storage bucket (supabase-storage.ts). Both take only content-hashed keys, checked here,
// so a key can never name a path outside the storage.
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

export function isValidKey(key: string): boolean {
  return typeof key === 'string' && KEY_PATTERN.test(key)
}

const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]*$/
export function assertValidFolder(folder: string): void {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${JSON.stringify(folder)}`)
}

// Keys come from our own hashing code, so a bad one is a bug to surface, not user input to explain.
export function assertValidKeys(keys: string[]): void {
  const bad = keys.filter((key) => !isValidKey(key))
  if (bad.length > 0) throw new Error(`Invalid storage key(s): ${bad.map((key) => JSON.stringify(key)).join(', ')}`)
}

export function keyAfter(prefix: string, url: string): string | undefined {
  if (!url.startsWith(prefix)) return undefined
  const key = url.slice(prefix.length)
  return isValidKey(key) ? key : undefined
}
