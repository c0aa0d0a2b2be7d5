// The image worker: shrinks photos off the main thread so the page stays responsive while it works.
import type { ShrinkRequest, ShrinkResponse } from './image-messages.ts'
import { captureTime } from '../../offline/capture-time.ts'
import { shrinkImage } from '../../offline/shrink.ts'

self.onmessage = async (event: MessageEvent<ShrinkRequest>) => {
  const { id, file } = event.data
  let reply: ShrinkResponse
  try {
    // The capture time first: shrinking keeps only the pixels.
    reply = { id, ok: true, takenAt: await captureTime(file), ...(await shrinkImage(file)) }
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : 'This photo could not be read.' }
  }
  self.postMessage(reply)
}
