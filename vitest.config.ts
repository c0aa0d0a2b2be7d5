import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

const everyProject = {
  environment: 'node',
  // The API and the src tests start the real API, so they get its time limits (a loaded machine takes over 10 s to start it).
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // In CI a failed test runs once more (as the browser suite's do): a timing fault on a loaded machine shows as a retry in
  // the report without stopping the change; one that fails twice fails the run.
  retry: process.env.CI ? 1 : 0,
} as const

// API tests run on embedded PGlite always, and again on the Postgres server when DATABASE_URL is set.
// A worker runs its API files one after another in one module graph (isolate: false): each file builds its own app over
// its own database, and nothing of the app's is kept in a module between files, so re-importing the server's modules
// (sharp, pg-boss, the Gemini SDK…) for every file, a fifth of the API suites' time, bought nothing.
const apiProject = (name: string, testDb: string, exclude: string[] = []) => ({
  test: {
    ...everyProject,
    name,
    include: ['tests/api/**/*.test.ts'],
    exclude,
    env: { TEST_DB: testDb },
    isolate: false,
  },
})
// The API files whose subject is not the database run once, on the embedded one: PGlite is Postgres itself, so the same
// SQL gives the same answers, and the server's run is for what only it can differ in (a pool of connections racing,
// LISTEN/NOTIFY, the driver). Files with some such tests skip the others there (tests/helpers/test-db.ts).
const NOT_ABOUT_THE_DATABASE = [
  // The AI and the photo pipeline (Gemini's client, sharp, eBay's Taxonomy and Browse).
  'tests/api/listings/analyzer.test.ts',
  'tests/api/listings/analysis.test.ts',
  'tests/api/routes/images.test.ts',
  // Where photos are kept: a folder, or Supabase Storage's REST API.
  'tests/api/listings/storage.test.ts',
  // Google's ID token checked against its keys.
  'tests/api/accounts/google-sign-in.test.ts',
  // Every route refused to the wrong caller: refused before SQL, or by the owner's condition, which is the same SQL on
  // either database (its snapshot of every table checks nothing changed).
  'tests/api/routes/access-sweep.test.ts',
  // The Etsy stand-in's own check against Etsy's contract.
  'tests/api/etsy/stand-in.test.ts',
  // eBay's pictures fetched and cut off at their limit, with nothing stored.
  'tests/api/ebay/picture-copy.test.ts',
  // The Shopify stand-in and the wing's calls to it (no database yet).
  'tests/api/shopify/**',
]

// The files that take longest (each over 15 s on a 2-core machine, most of it waiting on server processes they start
// and kill, or thousands of requests): started first, so the other files fill their waits. Vitest orders a clean
// clone's files by size, which left the kill test (one test, a small file) running alone for the suite's last 15 s.
const LONGEST_FIRST = [
  'tests/api/routes/hostile-input.test.ts',
  'tests/src/outbox-sender-faults.test.ts',
  'tests/api/accounts/password-reset.test.ts',
  'tests/api/rate-limit.test.ts',
  'tests/api/accounts/admin-setup.test.ts',
  'tests/api/db/client.test.ts',
]

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name))
      return index === -1 ? LONGEST_FIRST.length : index
    }
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    // Three files at once on a 2-core machine (Vitest's default would take one): each file has its own database or
    // schema, and a file waits on sockets, timers and Postgres between its bursts of CPU. npm test's suites on this
    // machine (2026-12-06): 283 s with two workers, 250 s with three, 269 s with four.
    maxWorkers: 3,
    // Migrates one database of each kind before any file runs; every test's database is loaded or copied from it.
    globalSetup: ['tests/helpers/database-templates.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      apiProject('api-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', 'postgres', NOT_ABOUT_THE_DATABASE)] : []),
      // The offline engine against the real API: one module graph per worker too, as the API files (each file opens its own
      // app, database and IndexedDB). Re-importing the server and PGlite for each of its 10 files cost 95 CPU-s against 73.
      { test: { ...everyProject, name: 'src', include: ['tests/src/**/*.test.{ts,tsx}'], isolate: false } },
      // Pure functions, no server and no database: their folders mirror the code's (tests/unit/contract → api/contract).
      { test: { ...everyProject, name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The screens as a user meets them, in a simulated page (happy-dom) with IndexedDB from fake-indexeddb: what shows,
      // what a tap or a keystroke does, what reaches the offline store. No server: a test answers the requests itself.
      {
        test: {
          ...everyProject,
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 10_000,
        },
      },
    ],
  },
})
