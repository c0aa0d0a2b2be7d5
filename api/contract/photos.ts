// A listing's photos: how many, and the names of the files each is stored as (docs/product.md §3). Plain data: the
// service worker reads it too.

export const MAX_IMAGES = 8
export const MAX_IMAGES_MESSAGE = `Maximum ${MAX_IMAGES} images allowed`

/** Every stored photo (a JPEG) has a small WebP beside it, named after it (api/services/listings/photos.ts). */
const THUMBNAIL_SUFFIX = '-thumb.webp'

/** The thumbnail's name, storage key or URL, from the photo's. */
export const thumbnailOf = (photo: string) => photo.replace(/\.jpg(\?.*)?$/, `${THUMBNAIL_SUFFIX}$1`)

export const isThumbnail = (path: string) => path.endsWith(THUMBNAIL_SUFFIX)

/** The photo's storage key from its thumbnail's (a photo's own key stays as it is). */
export const photoOfThumbnail = (key: string) =>
  isThumbnail(key) ? `${key.slice(0, -THUMBNAIL_SUFFIX.length)}.jpg` : key
