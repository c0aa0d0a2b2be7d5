// The messages between the page and the image worker.
import type { Shrunk } from '../../offline/shrink.ts'

export interface ShrinkRequest {
  id: number
  file: Blob
}

export type ShrinkResponse = ({ id: number; ok: true } & Shrunk) | { id: number; ok: false; message: string }

export type ShrunkPhoto = Shrunk
