// Shrinks a photo off the main thread: decodes it with EXIF orientation applied, scales the long edge to at most
// 1600 px and re-encodes it as JPEG. Drawing to a canvas keeps only pixels, so EXIF, GPS and maker notes are gone.
import type { ShrinkRequest, ShrinkResponse } from '../lib/image-messages.ts'

const LONG_EDGE = 1600
const QUALITY = 0.85

async function shrink(file: Blob) {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const scale = Math.min(1, LONG_EDGE / Math.max(bitmap.width, bitmap.height))
  const width = Math.round(bitmap.width * scale)
  const height = Math.round(bitmap.height * scale)
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot process photos.')
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY }), width, height }
}

self.onmessage = async (event: MessageEvent<ShrinkRequest>) => {
  const { id, file } = event.data
  let reply: ShrinkResponse
  try {
    reply = { id, ok: true, ...(await shrink(file)) }
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : 'This photo could not be read.' }
  }
  self.postMessage(reply)
}
