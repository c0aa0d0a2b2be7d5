// Photo files in a folder on this server's disk, served by the app at /files/; each written whole or not at all.
import { randomBytes } from 'node:crypto'
import { access, constants, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  assertValidFolder,
  assertValidKeys,
  isValidKey,
  keyAfter,
  LOCAL_FILES_PATH,
  type LocalFile,
  type LocalStorage,
  type StorageCheck,
  type StoredFile,
} from './storage.ts'

const CONTENT_TYPES = { jpg: 'image/jpeg', webp: 'image/webp' } as const

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
