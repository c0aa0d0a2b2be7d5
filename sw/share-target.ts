// Web Share Target: photos shared from the phone's gallery, online or not. The worker shrinks them itself
// (OffscreenCanvas) and keeps them aside for the signed-in account, as the page last recorded it; the seller then sees
// them and adds them as a draft or discards them (/shared). A page of another site can submit the same multipart form
// (and the server never sees it: the worker answers it), so such a post is refused outright, and nothing shared
// becomes a draft, is uploaded or analysed before the seller says so. With nobody signed in nothing is kept.
import { localDb } from '../src/offline/db.ts'
import { SHARE_REFUSED } from '../src/offline/share-refused.ts'
import { createShareStore, sharedTitle } from '../src/offline/shares.ts'
import { shrinkImage } from '../src/offline/shrink.ts'
import { MAX_IMAGES } from '../api/contract/photos.ts'

declare const self: ServiceWorkerGlobalScope

export const SHARE_TARGET_PATH = '/share-target'

/**
 * The phone's share sheet sends no origin (Sec-Fetch-Site: none) and a page of this app its own; a page of another
 * site is named by the browser in Sec-Fetch-Site, Origin or the referrer, and any one of them refuses the post.
 */
function sentByAnotherSite(request: Request): boolean {
  const own = self.location.origin
  const site = request.headers.get('Sec-Fetch-Site')
  if (site && site !== 'none' && site !== 'same-origin') return true
  const origin = request.headers.get('Origin')
  if (origin && origin !== own) return true
  return request.referrer !== '' && request.referrer !== 'about:client' && new URL(request.referrer).origin !== own
}

async function keepShare(request: Request): Promise<Response> {
  if (sentByAnotherSite(request)) return Response.redirect(`/shared?${SHARE_REFUSED}=1`, 303)
  const form = await request.formData()
  const files = form
    .getAll('photos')
    .filter((value): value is File => value instanceof File && value.type.startsWith('image/'))
  if (files.length === 0) return Response.redirect('/list-item', 303)
  const account = await localDb().signedIn.get('current')
  if (!account) return Response.redirect('/auth', 303)
  const photos = []
  for (const file of files.slice(0, MAX_IMAGES))
    photos.push({ id: self.crypto.randomUUID(), ...(await shrinkImage(file)) })
  const id = self.crypto.randomUUID()
  await createShareStore(localDb(), account.userId).keep({ id, title: sharedTitle(form.get('title')), photos })
  return Response.redirect(`/shared?id=${id}`, 303)
}

export function receiveSharedPhotos() {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url)
    if (event.request.method === 'POST' && url.pathname === SHARE_TARGET_PATH)
      event.respondWith(keepShare(event.request))
  })
}
