// Reads a multipart upload: the photo in the "image" field, optional text fields beside it.
import type { Context } from 'hono'
import * as v from 'valibot'
import { AppError, badRequest } from './errors.ts'
import { MAX_UPLOAD_BYTES, tooLarge } from './services/images.ts'

/** Multipart overhead on top of the largest photo accepted. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024

const photoId = v.pipe(v.string(), v.uuid())

export async function readImageUpload(c: Context): Promise<{ bytes: Buffer; id: string | undefined }> {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(415, 'unsupported_media_type', 'Send the photo as multipart/form-data in a field named "image".')
  }
  let body: Record<string, string | File | (string | File)[]>
  try {
    body = await c.req.parseBody()
  } catch (error) {
    if (error instanceof AppError) throw error
    throw badRequest('The upload could not be read. Try again.')
  }
  const image = body.image
  if (!(image instanceof File)) throw badRequest('Attach the photo in a field named "image".', { image: 'Choose a photo' })
  if (image.size > MAX_UPLOAD_BYTES) throw tooLarge()
  const id = body.id
  if (id !== undefined && !v.is(photoId, id)) throw badRequest('The photo id must be a UUID.', { id: 'Must be a UUID' })
  return { bytes: Buffer.from(await image.arrayBuffer()), id }
}
