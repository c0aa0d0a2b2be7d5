// The page's side of the image worker: started on first use, one job at a time in order, abortable.
import type { ShrinkResponse, ShrunkPhoto } from './image-messages.ts'

let worker: Worker | undefined
let nextId = 1
const pending = new Map<number, { resolve: (photo: ShrunkPhoto) => void; reject: (error: Error) => void }>()

function imageWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<ShrinkResponse>) => {
      const reply = event.data
      const job = pending.get(reply.id)
      pending.delete(reply.id)
      if (!job) return
      if (reply.ok) {
        const { id: _id, ok: _ok, ...photo } = reply
        job.resolve(photo)
      } else job.reject(new Error(`This photo could not be read (${reply.message}). Try another photo.`))
    }
  }
  return worker
}

/** Shrinks a photo in the worker; each run is recorded as the User Timing measure 'snaplist:shrink-photo'. */
export async function shrinkPhoto(file: Blob, signal?: AbortSignal): Promise<ShrunkPhoto> {
  const started = performance.now()
  const photo = await runInWorker(file, signal)
  performance.measure('snaplist:shrink-photo', {
    start: started,
    detail: { inputBytes: file.size, outputBytes: photo.blob.size },
  })
  return photo
}

function runInWorker(file: Blob, signal?: AbortSignal): Promise<ShrunkPhoto> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const id = nextId++
    pending.set(id, { resolve, reject })
    signal?.addEventListener('abort', () => {
      if (pending.delete(id)) reject(signal.reason as Error)
    })
    imageWorker().postMessage({ id, file })
  })
}
