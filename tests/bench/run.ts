// The API benchmark (`npm run bench`; BENCH_ONLY=api for it alone): the bare route, the baseline and /api/user under
// autocannon, each on a fresh server.ts, on PGlite then a Postgres server; then /api/user's verdict from the baseline
// and /api/user alternating on one server. Target misses exit 0, failed requests 1.
// The machinery (a fresh server per measurement, autocannon, the database modes) is shared with listings.ts.
import os from 'node:os'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { withServer as withFreshServer, type BenchServer } from './launcher.ts'
import { BASELINE_PATH, type ReadyMessage } from './protocol.ts'
import { formatMode, problems, type Measurement, type PairedRounds } from './report.ts'

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
export const WARMUP_SECONDS = 1

export interface Mode {
  label: string
  databaseUrl?: string
}

export interface Endpoint {
  name: string
  target(ready: ReadyMessage): { path: string; headers?: Record<string, string> }
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`)
  return value
}

export const settings = {
  connections: positiveInt('BENCH_CONNECTIONS', 64),
  duration: positiveInt('BENCH_DURATION', 10),
  pairedRounds: positiveInt('BENCH_PAIRED_ROUNDS', 8),
}
const PAIRED_ROUND_SECONDS = 3
export const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')

async function canConnect(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await sql`select 1`
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 })
  }
}

export async function postgresMode(): Promise<Mode | undefined> {
  // A URL someone set on purpose must work, so it is not probed: a failure there surfaces as an error.
  const explicit = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL
  if (explicit) return { label: `Postgres server (${new URL(explicit).host})`, databaseUrl: explicit }
  if (await canConnect(DEFAULT_POSTGRES_URL))
    return { label: 'Postgres server (127.0.0.1:5432)', databaseUrl: DEFAULT_POSTGRES_URL }
  console.log(
    `Postgres: skipped, nothing answered at ${DEFAULT_POSTGRES_URL} (set BENCH_DATABASE_URL to bench a server).\n`,
  )
  return undefined
}

export async function load(
  url: string,
  headers: Record<string, string>,
  duration: number,
  connections = settings.connections,
) {
  return autocannon({ url, headers, connections, duration })
}

/** A fresh server process for the mode, stopped afterwards (launcher.ts). */
export const withServer = <T>(mode: Mode, use: (ready: BenchServer) => Promise<T>) =>
  withFreshServer({ databaseUrl: mode.databaseUrl }, use)

/** The endpoint under load on this server for so many seconds. */
async function loadEndpoint(ready: BenchServer, endpoint: Endpoint, seconds: number): Promise<Measurement> {
  const { path, headers = {} } = endpoint.target(ready)
  return { endpoint: endpoint.name, result: await load(`${ready.origin}${path}`, headers, seconds) }
}

export async function measure(mode: Mode, endpoint: Endpoint): Promise<Measurement> {
  // A fresh server per endpoint: postgres.js 3.4's pool slows down the longer it stays saturated (its busy queue is an
  // array scanned on every move and reset only when a shift empties it), so in a shared process later endpoints pay more.
  return withServer(mode, async (ready) => {
    // Lets the JIT, the pool's connections and Postgres' caches settle before anything is counted.
    await loadEndpoint(ready, endpoint, WARMUP_SECONDS)
    return loadEndpoint(ready, endpoint, settings.duration)
  })
}

export const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/health (ceiling)', target: () => ({ path: '/api/health' }) },
  { name: 'baseline: pk select (floor)', target: ({ userId }) => ({ path: `${BASELINE_PATH}/${userId}` }) },
  { name: 'GET /api/user (signed in)', target: ({ cookie }) => ({ path: '/api/user', headers: { cookie } }) },
]

/**
 * The baseline and /api/user in turn on one server, a few seconds each: each round's ratio compares two runs seconds
 * apart on the same process. Two fresh servers in a row on this 2-core machine differed by up to 40% in the baseline
 * alone (5,268 and 8,631 req/s in two runs of the same commit, 2026-12-06), which swamped the 20% the target is about.
 */
async function pairedRounds(mode: Mode): Promise<PairedRounds> {
  const [, baseline, user] = ENDPOINTS
  return withServer(mode, async (ready) => {
    for (const endpoint of [baseline!, user!]) await loadEndpoint(ready, endpoint, WARMUP_SECONDS)
    const rounds: PairedRounds = []
    for (let round = 0; round < settings.pairedRounds; round++) {
      const base = await loadEndpoint(ready, baseline!, PAIRED_ROUND_SECONDS)
      rounds.push({ baseline: base, user: await loadEndpoint(ready, user!, PAIRED_ROUND_SECONDS) })
    }
    return rounds
  })
}

async function benchMode(mode: Mode): Promise<void> {
  const measurements: Measurement[] = []
  for (const endpoint of ENDPOINTS) measurements.push(await measure(mode, endpoint))
  const rounds = await pairedRounds(mode)
  console.log(formatMode(mode.label, measurements, rounds))
  reportProblems([...measurements, ...rounds.flatMap(({ baseline, user }) => [baseline, user])])
  console.log(
    `Load average after: ${loadAverage()} (the bench accounts for about 2; more means other work shared the cores)\n`,
  )
}

export function reportProblems(measurements: Measurement[]) {
  const found = measurements.map(problems).filter((problem) => problem !== undefined)
  if (found.length === 0) return
  // Failed requests are usually fast, so these numbers would flatter the endpoint: the run is not a measurement.
  console.log('\n!!!!! INVALID RUN: requests failed, so the numbers above do not measure these endpoints !!!!!')
  for (const problem of found) console.log(`!!!!! ${problem}`)
  process.exitCode = 1
}

export function printHeader(title = 'Snaplist API benchmark') {
  console.log(`${title}, ${new Date().toISOString()}`)
  console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`)
  // Server and load generator share these cores, so anything else running skews every number below.
  console.log(`Load average before starting: ${loadAverage()} (1, 5, 15 min)`)
  console.log(
    `autocannon: ${settings.connections} connections, ${settings.duration} s per endpoint after a ${WARMUP_SECONDS} s warm-up, ` +
      'each endpoint on a fresh server process; latency in whole ms (autocannon histogram resolution); then ' +
      `${settings.pairedRounds} rounds of the baseline and /api/user, ${PAIRED_ROUND_SECONDS} s each, on one server\n`,
  )
}

/** PGlite always; a Postgres server when one is set or answers locally. */
export async function benchModes(): Promise<Mode[]> {
  const postgresServer = await postgresMode()
  return [{ label: 'PGlite (embedded)' }, ...(postgresServer ? [postgresServer] : [])]
}

export async function benchApi(): Promise<void> {
  printHeader()
  for (const mode of await benchModes()) await benchMode(mode)
}
