// Photos the seller picks are shrunk on the phone (one at a time, in the image worker) and then added to the draft;
// `preparing` counts those still being shrunk, so the form can say so and hold Create Listing meanwhile.
import { useState } from 'react'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from '../../../api/contract/photos.ts'
import { errorMessage } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { uuid } from '../../lib/uuid.ts'
import { shrinkPhoto } from './image-bridge.ts'
import { useDraftStore } from './useDrafts.ts'

export function useAddPhotos(draftId: string, photoCount: number) {
  const drafts = useDraftStore()
  const [preparing, setPreparing] = useState(0)

  async function addFiles(files: File[]) {
    if (files.length === 0) return
    if (photoCount + preparing + files.length > MAX_IMAGES) return notify('Error', MAX_IMAGES_MESSAGE, 'error')
    setPreparing((count) => count + files.length)
    try {
      const shrunk = []
      // One at a time: the worker is single-threaded, and the first photo is ready (and analysed) soonest.
      for (const file of files) shrunk.push({ id: uuid(), ...(await shrinkPhoto(file)) })
      await drafts.addPhotos(draftId, shrunk)
    } catch (error) {
      notify('Error', errorMessage(error), 'error')
    } finally {
      setPreparing((count) => count - files.length)
    }
  }

  return { preparing, addFiles }
}
