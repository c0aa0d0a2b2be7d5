// The largest request body each route takes, refused with 413 before it is read: photo uploads get room for a photo,
// a CSV import its file, every other request a JSON body's worth.
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { IMPORT_MAX_BYTES, INVENTORY_IMPORT_PATH, INVENTORY_IMPORT_PREVIEW_PATH } from '../contract/books-import.ts'
import { AppError } from '../errors.ts'
import { UPLOAD_BODY_LIMIT } from '../read-upload.ts'

const JSON_BODY_LIMIT = 64 * 1024
const UPLOAD_PATHS = new Set(['/api/images', '/api/analyze-image'])
const CSV_PATHS = new Set([INVENTORY_IMPORT_PATH, INVENTORY_IMPORT_PREVIEW_PATH])

export function bodyLimits() {
  const limited = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError(
          413,
          'payload_too_large',
          `The request body is too large. The limit is ${Math.round(maxSize / 1024)} KB.`,
        )
      },
    })
  const forJson = limited(JSON_BODY_LIMIT)
  const forUploads = limited(UPLOAD_BODY_LIMIT)
  const forCsv = limited(IMPORT_MAX_BYTES)
  // GET and HEAD carry no body; skipping them also spares every read the cost of building a full Fetch Request,
  // which hono's bodyLimit does when it looks at c.req.raw.
  return createMiddleware((c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    if (UPLOAD_PATHS.has(c.req.path)) return forUploads(c, next)
    return (CSV_PATHS.has(c.req.path) ? forCsv : forJson)(c, next)
  })
}
