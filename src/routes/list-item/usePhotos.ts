// The photos of the listing being made: each is shrunk in the worker, then sent; the first photo of each choice is
// analysed, the others are only stored. Every photo carries a UUID, so a retried send never stores it twice.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AnalysisResult } from '../../../api/contract/analysis.ts'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from '../../../api/contract/listing.ts'
import { errorMessage } from '../../lib/api.ts'
import { shrinkPhoto } from '../../lib/image-bridge.ts'
import { notify } from '../../lib/notify.tsx'
import { uuid } from '../../lib/uuid.ts'
import { analyzePhoto, uploadPhoto } from '../../queries/listings.ts'

export type PhotoStatus = 'waiting' | 'shrinking' | 'uploading' | 'analysing' | 'ready' | 'failed'

export interface Photo {
  id: string
  previewUrl: string
  status: PhotoStatus
  imageUrl?: string
  error?: string
}

export function usePhotos(onAnalysis: (result: AnalysisResult) => void) {
  const [photos, setPhotos] = useState<Photo[]>([])
  const previews = useRef(new Set<string>())
  const abort = useRef(new AbortController())
  const onAnalysisRef = useRef(onAnalysis)
  useEffect(() => {
    onAnalysisRef.current = onAnalysis
  }, [onAnalysis])

  useEffect(() => {
    const urls = previews.current
    const controller = abort.current
    return () => {
      controller.abort()
      urls.forEach((url) => URL.revokeObjectURL(url))
    }
  }, [])

  const update = useCallback((id: string, change: Partial<Photo>) => {
    setPhotos((current) => current.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)))
  }, [])

  const preview = (blob: Blob) => {
    const url = URL.createObjectURL(blob)
    previews.current.add(url)
    return url
  }

  const send = useCallback(
    async (id: string, file: File, analyse: boolean) => {
      const signal = abort.current.signal
      try {
        update(id, { status: 'shrinking' })
        const shrunk = await shrinkPhoto(file, signal)
        update(id, { previewUrl: preview(shrunk.blob), status: analyse ? 'analysing' : 'uploading' })
        if (analyse) {
          try {
            const result = await analyzePhoto(shrunk.blob, id, signal)
            update(id, { status: 'ready', imageUrl: result.imageUrl })
            onAnalysisRef.current(result)
            return
          } catch (error) {
            if (signal.aborted) return
            notify('Error', 'Failed to analyze image', 'error')
            console.warn('Analysis failed; storing the photo without it:', errorMessage(error))
            update(id, { status: 'uploading' })
          }
        }
        const stored = await uploadPhoto(shrunk.blob, id, signal)
        update(id, { status: 'ready', imageUrl: stored.imageUrl })
      } catch (error) {
        if (signal.aborted) return
        update(id, { status: 'failed', error: errorMessage(error) })
      }
    },
    [update],
  )

  const add = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return
      if (photos.length + files.length > MAX_IMAGES) {
        notify('Error', MAX_IMAGES_MESSAGE, 'error')
        return
      }
      const added = files.map((file) => ({ file, photo: { id: uuid(), previewUrl: preview(file), status: 'waiting' as const } }))
      setPhotos((current) => [...current, ...added.map(({ photo }) => photo)])
      // One after another: the worker and the network each do one photo at a time, and the first one's analysis
      // comes back as early as possible.
      for (const [index, { file, photo }] of added.entries()) await send(photo.id, file, index === 0)
    },
    [photos.length, send],
  )

  const remove = useCallback((id: string) => setPhotos((current) => current.filter((photo) => photo.id !== id)), [])

  return {
    photos,
    add,
    remove,
    analysing: photos.some((photo) => photo.status === 'analysing'),
    busy: photos.some((photo) => !['ready', 'failed'].includes(photo.status)),
    readyUrls: photos.flatMap((photo) => (photo.status === 'ready' && photo.imageUrl ? [photo.imageUrl] : [])),
  }
}
