// The messages between the page and the image worker.
import type { Shrunk } from '../../offline/shrink.ts'

export interface ShrinkRequest {
  id: number
  file: Blob
}

/** The shrunk photo, and when it was taken (EXIF DateTimeOriginal, else the file's time), read before shrinking. */
export type ShrunkPhoto = Shrunk & { takenAt: number }

export type ShrinkResponse = ({ id: number; ok: true } & ShrunkPhoto) | { id: number; ok: false; message: string }
