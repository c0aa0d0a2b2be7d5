// POST /api/images: stores a photo under the UUID the phone gave it (idempotent), and POST /api/analyze-image,
// which stores the photo and asks the analyser for the listing details (docs/product.md §7).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { badRequest } from '../errors.ts'
import { requireUser } from '../middleware/session.ts'
import type { PhotoService } from '../services/listings/photos.ts'
import { photoUploadForm, readImageUpload } from '../read-upload.ts'

export function imageRoutes(photos: PhotoService) {
  return new Hono<AppEnv>()
    .post('/images', photoUploadForm, async (c) => {
      const user = requireUser(c)
      const { bytes, id } = await readImageUpload(c)
      if (!id) throw badRequest('Send the photo\'s UUID in a field named "id" so a retry cannot store it twice.', { id: 'Required' })
      const { image, created } = await photos.upload(user.id, id, bytes)
      return c.json(image, created ? 201 : 200)
    })
    .post('/analyze-image', photoUploadForm, async (c) => {
      const user = requireUser(c)
      const { bytes, id } = await readImageUpload(c)
      return c.json(await photos.analyze(user, bytes, id, c.req.raw.signal), 200)
    })
}
