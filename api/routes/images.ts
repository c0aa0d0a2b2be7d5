// POST /api/images: stores a photo under the UUID the phone gave it (idempotent); POST /api/analyze-image, which
// stores the photo and asks the analyser for the listing details from it alone; and POST /api/analyze-photos, the
// analysis of a draft's stored photos together (docs/product.md §7, §12).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { badRequest } from '../errors.ts'
import { requireUser } from '../middleware/session.ts'
import { AnalyzePhotosSchema } from '../contract/analysis.ts'
import type { AnalysisService } from '../services/listings/analysis.ts'
import type { PhotoService } from '../services/listings/photos.ts'
import { valid } from '../validate.ts'
import { photoUploadForm, readImageUpload } from '../read-upload.ts'

export function imageRoutes(photos: PhotoService, analysis: AnalysisService) {
  return new Hono<AppEnv>()
    .post('/images', photoUploadForm, async (c) => {
      const user = requireUser(c)
      const { bytes, id } = await readImageUpload(c)
      if (!id)
        throw badRequest('Send the photo\'s UUID in a field named "id" so a retry cannot store it twice.', {
          id: 'Required',
        })
      const { image, created } = await photos.upload(user.id, id, bytes)
      return c.json(image, created ? 201 : 200)
    })
    .post('/analyze-image', photoUploadForm, async (c) => {
      const user = requireUser(c)
      const { bytes, id } = await readImageUpload(c)
      return c.json(await photos.analyze(user, bytes, id, c.req.raw.signal), 200)
    })
    .post('/analyze-photos', valid('json', AnalyzePhotosSchema), async (c) =>
      c.json(await analysis.analyzeStored(requireUser(c), c.req.valid('json').photoIds), 200),
    )
}
