// GET /files/*: photos kept on local disk. Names are content hashes, so they are cached for a year; the headers make
// sure a stored file is only ever shown as the image it is, never run as a page (security-headers.ts adds nosniff).
import { Hono } from 'hono'
import { notFound } from '../errors.ts'
import { LOCAL_FILES_PATH, type LocalStorage } from '../services/listings/storage.ts'

export function fileRoutes(storage: LocalStorage) {
  return new Hono().get(`${LOCAL_FILES_PATH}*`, async (c) => {
    const key = storage.keyFromUrl(c.req.path)
    const file = key ? await storage.read(key) : undefined
    if (!key || !file) throw notFound('That photo does not exist.')
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // The file name keeps the image's extension when saved, whatever the address it was opened from.
      'Content-Disposition': `inline; filename="${key.split('/').pop()}"`,
      'Content-Security-Policy': "default-src 'none'; sandbox",
    })
  })
}
