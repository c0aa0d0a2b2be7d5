// Web Share Target: photos shared from the phone's gallery become a new draft, online or not. The worker shrinks
// them itself (OffscreenCanvas), stores them like any other draft photo and opens the draft in the editor. The draft is
// the signed-in account's, as the page last recorded it; with nobody signed in nothing is kept and sign-in opens.
import { localDb } from '../src/offline/db.ts'
import { createDraftStore } from '../src/offline/drafts.ts'
import { shrinkImage } from '../src/offline/shrink.ts'
import { TITLE_MAX } from '../api/contract/listing-fields.ts'
import { MAX_IMAGES } from '../api/contract/photos.ts'

declare const self: ServiceWorkerGlobalScope

export const SHARE_TARGET_PATH = '/share-target'

async function draftFromShare(request: Request): Promise<Response> {
  const form = await request.formData()
  const files = form.getAll('photos').filter((value): value is File => value instanceof File && value.type.startsWith('image/'))
  if (files.length === 0) return Response.redirect('/list-item', 303)
  const account = await localDb().signedIn.get('current')
  if (!account) return Response.redirect('/auth', 303)
  const draftId = self.crypto.randomUUID()
  const photos = []
  for (const file of files.slice(0, MAX_IMAGES)) photos.push({ id: self.crypto.randomUUID(), ...(await shrinkImage(file)) })
  const title = String(form.get('title') ?? '').slice(0, TITLE_MAX)
  const drafts = createDraftStore(localDb(), account.userId)
  if (title) await drafts.editFields(draftId, { title })
  await drafts.addPhotos(draftId, photos)
  return Response.redirect(`/list-item?draft=${draftId}`, 303)
}

export function receiveSharedPhotos() {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url)
    if (event.request.method === 'POST' && url.pathname === SHARE_TARGET_PATH) event.respondWith(draftFromShare(event.request))
  })
}
