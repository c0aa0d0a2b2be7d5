// Reads a multipart upload: the photo in the "image" field, optional text fields beside it.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import type { AppEnv } from './app-env.ts'
import { AppError, badRequest } from './errors.ts'
import { MAX_UPLOAD_BYTES, tooLarge } from './services/listings/images.ts'

/** Multipart overhead on top of the largest photo accepted. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024

const photoId = v.pipe(v.string(), v.uuid())

/** The photo, its id and room to spare; the app sends two. */
const MAX_UPLOAD_PARTS = 10
const tooManyParts = () =>
  badRequest(
    `The upload has too many fields. Send the photo in a field named "image", with at most ${MAX_UPLOAD_PARTS} fields in all.`,
  )

/**
 * The content type's boundary parameter read as the body's parser reads it (the WHATWG MIME type parser, which
 * undici's FormData follows): parameter names compared whole and case-insensitively, quoted values unescaped, the first
 * of a repeated name kept. A pattern search would take `xboundary=z` for the boundary and count the wrong lines.
 */
export function boundaryOf(contentType: string): string | undefined {
  const params = contentType.slice(contentType.indexOf(';') + 1 || contentType.length)
  let at = 0
  while (at < params.length) {
    while (/[\t\n\r ]/.test(params[at] ?? '')) at++
    const nameEnd = params.slice(at).search(/[;=]/)
    const name = (nameEnd === -1 ? params.slice(at) : params.slice(at, at + nameEnd)).toLowerCase()
    at = nameEnd === -1 ? params.length : at + nameEnd
    if (params[at] === ';') {
      at++
      continue
    }
    at++ // the "="
    let value = ''
    if (params[at] === '"') {
      for (at++; at < params.length && params[at] !== '"'; at++) {
        if (params[at] === '\\' && at + 1 < params.length) at++
        value += params[at]
      }
      at = params.indexOf(';', at)
    } else {
      const end = params.indexOf(';', at)
      value = (end === -1 ? params.slice(at) : params.slice(at, end)).replace(/[\t\n\r ]+$/, '')
      at = end
    }
    if (name === 'boundary' && value) return value
    if (at === -1) break
    at++
  }
  return undefined
}

/**
 * Whether the multipart body has more than MAX_UPLOAD_PARTS parts, counted by their boundary lines before any form
 * parser builds an object for each of what could be a million tiny fields.
 */
function hasTooManyParts(body: Buffer, contentType: string): boolean {
  const boundary = boundaryOf(contentType)
  if (!boundary)
    throw badRequest(
      'The upload has no multipart boundary. Send the photo as multipart/form-data in a field named "image".',
    )
  const delimiter = Buffer.from(`--${boundary}`)
  // n parts have n + 1 delimiters: one before each part and the closing one.
  let delimiters = 0
  for (
    let at = body.indexOf(delimiter);
    at !== -1 && delimiters <= MAX_UPLOAD_PARTS + 1;
    at = body.indexOf(delimiter, at + delimiter.length)
  ) {
    delimiters += 1
  }
  return delimiters > MAX_UPLOAD_PARTS + 1
}

/** The fields readImageUpload reads: the photo (a file) and the UUID that makes a retry store it once. */
export interface PhotoUploadForm {
  id: string
  image: File
}

/**
 * Declares the upload's fields for hono/client (docs/decisions/0011) and checks nothing: readImageUpload does, after
 * counting the parts, which a form validator would parse first.
 */
export const photoUploadForm = createMiddleware<AppEnv, string, { in: { form: PhotoUploadForm } }>((_c, next) => next())

export async function readImageUpload(c: Context): Promise<{ bytes: Buffer; id: string | undefined }> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data in a field named "image".')
  }
  let body: Record<string, string | File | (string | File)[]>
  try {
    // Read whole first (within the body limit); parseBody then parses these same bytes.
    if (hasTooManyParts(Buffer.from(await c.req.arrayBuffer()), contentType)) throw tooManyParts()
    body = await c.req.parseBody()
  } catch (error) {
    if (error instanceof AppError) throw error
    throw badRequest('The upload could not be read. Try again.')
  }
  const image = body.image
  if (!(image instanceof File))
    throw badRequest('Attach the photo in a field named "image".', { image: 'Choose a photo' })
  if (image.size > MAX_UPLOAD_BYTES) throw tooLarge()
  const id = body.id
  if (id !== undefined && !v.is(photoId, id)) throw badRequest('The photo id must be a UUID.', { id: 'Must be a UUID' })
  return { bytes: Buffer.from(await image.arrayBuffer()), id }
}
