// A small fleet of phones syncs through the real engine while the API process is SIGKILLed twice and restarted:
// no listing twice, none missing, none short of a photo. The full run (50 phones, five kills) is BENCH_ONLY=faults.
import { describe, expect, it } from 'vitest'
import { syncThroughKills } from '../bench/faults.ts'
import { solidJpeg } from '../helpers/images.ts'

const FLEET = { phones: 8, draftsPerPhone: 1, photosPerDraft: 3, kills: 2 }

/** Small photos of distinct colours, so every photo has its own content hash as a seller's photos do. */
const distinctPhotos = (count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const jpeg = await solidJpeg({ r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 }, 640, 480)
      return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' })
    }),
  )

describe('sync through API crashes', () => {
  it(
    'puts every draft on the server exactly once with all its photos, though the API process is killed mid-sync',
    { timeout: 120_000 },
    async () => {
      const photos = await distinctPhotos(FLEET.phones * FLEET.draftsPerPhone * FLEET.photosPerDraft)
      const report = await syncThroughKills({ ...FLEET, photos })
      expect(report).toMatchObject({ duplicates: 0, missingDrafts: 0, missingPhotos: 0, unsettled: [] })
      // A quick fleet can finish before the last planned kill; at least one kill must have landed mid-sync.
      expect(report.kills).toBeGreaterThanOrEqual(1)
    },
  )
})
