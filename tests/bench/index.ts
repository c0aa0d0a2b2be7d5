// npm run bench: every benchmark in one run, each printing its figures and targets.
// BENCH_ONLY=api|listings|photos|sync|ebay|revisions|lifecycle|crosslist|faults|haul|analysis|soak|lighthouse|events|bulk|import|dashboard|exports|insights|tax-year|scan|markdowns runs one of them (lighthouse, events, dashboard and scan need npm run build first).
import { benchAnalysis } from './analysis.ts'
import { benchBulk } from './bulk.ts'
import { benchCrosslist } from './crosslist.ts'
import { benchDashboard } from './dashboard.ts'
import { benchEbay } from './ebay.ts'
import { benchLifecycleKills } from './ebay-lifecycle-kills.ts'
import { benchRevisions } from './ebay-revisions.ts'
import { benchEvents } from './events.ts'
import { benchExports } from './exports.ts'
import { benchFaults } from './faults.ts'
import { benchHaul } from './haul.ts'
import { benchImport } from './import.ts'
import { benchInsights } from './insights.ts'
import { benchTaxYear } from './tax-year.ts'
import { benchLighthouse } from './lighthouse.ts'
import { benchListings } from './listings.ts'
import { benchMarkdowns } from './markdowns.ts'
import { benchPhotos } from './photos.ts'
import { benchApi } from './run.ts'
import { benchSoak } from './soak.ts'
import { benchScan } from './scan.ts'
import { benchSync } from './sync.ts'

const suites: Record<string, () => Promise<unknown>> = {
  api: benchApi,
  listings: benchListings,
  photos: benchPhotos,
  sync: benchSync,
  ebay: benchEbay,
  revisions: benchRevisions,
  lifecycle: benchLifecycleKills,
  crosslist: benchCrosslist,
  analysis: benchAnalysis,
  faults: benchFaults,
  haul: benchHaul,
  soak: benchSoak,
  lighthouse: benchLighthouse,
  events: benchEvents,
  bulk: benchBulk,
  import: benchImport,
  dashboard: benchDashboard,
  exports: benchExports,
  insights: benchInsights,
  'tax-year': benchTaxYear,
  scan: benchScan,
  markdowns: benchMarkdowns,
}

const only = process.env.BENCH_ONLY
if (only && !(only in suites)) throw new Error(`BENCH_ONLY must be one of ${Object.keys(suites).join(', ')}`)
for (const [name, run] of Object.entries(suites)) if (!only || only === name) await run()
