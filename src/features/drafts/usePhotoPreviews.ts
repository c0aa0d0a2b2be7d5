// Object URLs for the photos' on-phone previews, revoked when the photos go away.
import { useEffect, useMemo } from 'react'
import { thumbnailOf } from '../../../api/contract/photos.ts'
import type { DraftPhoto } from '../../offline/db.ts'

export function usePhotoPreviews(photos: DraftPhoto[]): Map<string, string> {
  const previews = useMemo(() => {
    const urls = new Map<string, string>()
    for (const photo of photos) {
      if (photo.thumbnail) urls.set(photo.id, URL.createObjectURL(photo.thumbnail))
      else if (photo.serverUrl) urls.set(photo.id, thumbnailOf(photo.serverUrl))
    }
    return urls
  }, [photos])
  useEffect(() => () => previews.forEach((url) => url.startsWith('blob:') && URL.revokeObjectURL(url)), [previews])
  return previews
}
