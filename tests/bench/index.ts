// npm run bench: every benchmark in one run, each printing its figures and targets. BENCH_ONLY=api|listings|photos|sync
// runs one of them.
import { benchListings } from './listings.ts'
import { benchPhotos } from './photos.ts'
import { benchApi } from './run.ts'
import { benchSync } from './sync.ts'

const suites: Record<string, () => Promise<unknown>> = {
  api: benchApi,
  listings: benchListings,
  photos: benchPhotos,
  sync: benchSync,
}

const only = process.env.BENCH_ONLY
if (only && !(only in suites)) throw new Error(`BENCH_ONLY must be one of ${Object.keys(suites).join(', ')}`)
for (const [name, run] of Object.entries(suites)) if (!only || only === name) await run()
