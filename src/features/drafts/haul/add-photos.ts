// Photos into a haul: shrunk one at a time in the image worker (which also reads when each was taken), then stored
// on the phone as items of the haul before anything is sent (docs/product.md §17).
import { shrinkPhoto } from '../image-bridge.ts'
import type { ShrunkPhoto } from '../image-messages.ts'
import { groupByCaptureTime, type HaulStore } from '../../../offline/hauls.ts'
import { uuid } from '../../../lib/uuid.ts'

export type ShrunkWithId = ShrunkPhoto & { id: string }

async function shrinkWithId(file: File): Promise<ShrunkWithId> {
  return { id: uuid(), ...(await shrinkPhoto(file)) }
}

/** Camera photos join the item being photographed, each as soon as it is shrunk. */
export async function addToItem(hauls: HaulStore, haulId: string, itemId: string, files: File[]) {
  for (const file of files) {
    await hauls.addPhotos(haulId, itemId, [await shrinkWithId(file)])
  }
}

/** Library photos become items at the end of the haul, split where more than a minute passed between two. */
export async function importFromLibrary(
  hauls: HaulStore,
  haulId: string,
  files: File[],
  onShrunk: (done: number) => void,
): Promise<number> {
  const shrunk: ShrunkWithId[] = []
  for (const file of files) {
    shrunk.push(await shrinkWithId(file))
    onShrunk(shrunk.length)
  }
  const groups = groupByCaptureTime(shrunk).map((photos) => ({ draftId: uuid(), photos }))
  await hauls.addItems(haulId, groups)
  return groups.length
}
