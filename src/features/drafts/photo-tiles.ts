// What each photo tile says: nothing once the server has it, otherwise where it is in the queue (an analyze-photo entry
// uploads and analyses its photo at once; the draft's analysis of all photos follows their uploads).
import type { DraftView } from './useDrafts.ts'
import type { PhotoTile } from './PhotoStrip.tsx'

export function photoTiles(
  { photos, entries }: DraftView,
  previews: Map<string, string>,
  online: boolean,
): PhotoTile[] {
  return photos.map((photo) => {
    const entry = entries.find((candidate) => candidate.photoId === photo.id)
    const tile = { id: photo.id, previewUrl: previews.get(photo.id) }
    if (photo.serverUrl || !entry) return { ...tile, progress: '' }
    if (entry.status === 'parked') return { ...tile, progress: 'Failed', failed: true }
    if (!online) return { ...tile, progress: 'Waiting for network' }
    return { ...tile, progress: entry.kind === 'analyze-photo' ? 'Analysing…' : 'Uploading…' }
  })
}
