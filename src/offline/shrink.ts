// Shrinks a photo: decoded with EXIF orientation applied, long edge at most 1600 px, re-encoded as JPEG, plus a
// ~400 px preview. Drawing to a canvas keeps only pixels, so EXIF, GPS and maker notes are gone. Runs wherever
// OffscreenCanvas does: the image worker and the service worker (photos shared to the app).
const LONG_EDGE = 1600
const QUALITY = 0.85
const THUMBNAIL_EDGE = 400

export interface Shrunk {
  blob: Blob
  thumbnail: Blob
  width: number
  height: number
}

function draw(source: CanvasImageSource, sourceWidth: number, sourceHeight: number, longEdge: number) {
  const scale = Math.min(1, longEdge / Math.max(sourceWidth, sourceHeight))
  const canvas = new OffscreenCanvas(Math.round(sourceWidth * scale), Math.round(sourceHeight * scale))
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot process photos.')
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, canvas.width, canvas.height)
  return canvas
}

export async function shrinkImage(file: Blob): Promise<Shrunk> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const photo = draw(bitmap, bitmap.width, bitmap.height, LONG_EDGE)
  bitmap.close()
  // The preview is drawn from the shrunk canvas: a quarter of the pixels to read, and the same orientation.
  const preview = draw(photo, photo.width, photo.height, THUMBNAIL_EDGE)
  const [blob, thumbnail] = await Promise.all([
    photo.convertToBlob({ type: 'image/jpeg', quality: QUALITY }),
    preview.convertToBlob({ type: 'image/jpeg', quality: 0.7 }),
  ])
  return { blob, thumbnail, width: photo.width, height: photo.height }
}
