// The messages between the page and the image worker.
export interface ShrinkRequest {
  id: number
  file: Blob
}

export type ShrinkResponse =
  | { id: number; ok: true; blob: Blob; width: number; height: number }
  | { id: number; ok: false; message: string }

export interface ShrunkPhoto {
  blob: Blob
  width: number
  height: number
}
