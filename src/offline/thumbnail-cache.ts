// The service worker's cache of listing thumbnails (sw/thumbnails.ts): a seller's photos, shown offline. It goes when
// the session ends (logout, or the server refusing the session), so the next person on the phone never sees them.
export const THUMBNAIL_CACHE = 'snaplist-thumbnails'

export async function forgetThumbnails(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(THUMBNAIL_CACHE)
}
