// BENCH_ONLY=soak: one server process (PGlite) under a steady mixed load for SOAK_SECONDS (600 by default): sellers
// who reload their user and their Dashboard, create a listing with a clientId and delete it again, at a fixed pace.
// The server's resident memory (VmRSS) is sampled every 30 s: after the warm-up it must stay flat, and no request
// may fail.
import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { launchServer } from './launcher.ts'
import { signUp } from './sellers.ts'

const SELLERS = 8
const STANDING_LISTINGS = 25
// Each seller starts one cycle (four requests) every CYCLE_MS, 8 × 4 / 0.25 s = 128 requests a second: a pace the
// server holds on a shared 2-core machine, so a slowdown shows as latency and as a lower rate, not as a pile-up.
const CYCLE_MS = 250
const SAMPLE_MS = 30_000
const WARMUP_MS = SAMPLE_MS
const MAX_GROWTH_MB = 50

interface Window {
  at: number
  rssMb: number
  requests: number
  latencies: number[]
}

function durationSeconds(): number {
  const raw = process.env.SOAK_SECONDS
  const seconds = raw ? Number(raw) : 600
  if (!Number.isInteger(seconds) || seconds * 1000 < WARMUP_MS + SAMPLE_MS) {
    throw new Error(`SOAK_SECONDS must be a whole number of at least ${(WARMUP_MS + SAMPLE_MS) / 1000}, got "${raw}"`)
  }
  return seconds
}

export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`)
  return Number(kb) / 1024
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Least-squares slope of memory over time, in MB per minute. */
function slopeMbPerMinute(samples: Window[]): number {
  const xs = samples.map((sample) => sample.at / 60_000)
  const ys = samples.map((sample) => sample.rssMb)
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const [mx, my] = [mean(xs), mean(ys)]
  const covariance = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0)
  const variance = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0)
  return covariance / variance
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0

function seller(origin: string, cookie: string, window: () => Window, errors: Map<string, number>) {
  const headers = { cookie, origin, 'content-type': 'application/json' }
  const countError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1)
  async function call(
    label: string,
    path: string,
    expected: number,
    init: RequestInit = {},
  ): Promise<{ id?: number } | undefined> {
    const started = performance.now()
    try {
      const response = await fetch(`${origin}${path}`, { ...init, headers })
      const body = (await response.json()) as { id?: number }
      if (response.status !== expected) countError(`${label} answered ${response.status}`)
      return body
    } catch (error) {
      countError(`${label}: ${(error as Error).message}`)
      return undefined
    } finally {
      window().requests++
      window().latencies.push(performance.now() - started)
    }
  }
  const create = () =>
    call('POST /api/listings', '/api/listings', 201, {
      method: 'POST',
      body: JSON.stringify({
        clientId: randomUUID(),
        title: 'Soak test item',
        description: 'A steady load.',
        price: 25,
        category: 'other',
        color: 'multi',
      }),
    })
  return {
    create,
    async cycle() {
      await call('GET /api/user', '/api/user', 200)
      await call('GET /api/listings', '/api/listings', 200)
      const created = await create()
      if (created?.id !== undefined)
        await call('DELETE /api/listings/:id', `/api/listings/${created.id}`, 200, { method: 'DELETE' })
    },
  }
}

export async function benchSoak(): Promise<void> {
  const seconds = durationSeconds()
  const server = await launchServer()
  try {
    const errors = new Map<string, number>()
    const windows: Window[] = []
    const current = () => windows.at(-1)!
    const sample = async (at: number) =>
      windows.push({ at, rssMb: await residentMb(server.child.pid!), requests: 0, latencies: [] })
    await sample(0)
    const sellers = await Promise.all(
      Array.from({ length: SELLERS }, async (_, index) =>
        seller(server.origin, await signUp(server.origin, `soak${index}`), current, errors),
      ),
    )
    for (const each of sellers) for (let i = 0; i < STANDING_LISTINGS; i++) await each.create()
    console.log(
      `== Soak: ${seconds} s, ${SELLERS} sellers with ${STANDING_LISTINGS} listings each, one cycle per seller every ${CYCLE_MS} ms (GET /api/user, GET /api/listings, POST /api/listings, DELETE it), PGlite ==`,
    )
    console.log(
      `   0 s  RSS ${current().rssMb.toFixed(1).padStart(6)} MB  (server started, before the sellers signed up)`,
    )
    const started = performance.now()
    const end = started + seconds * 1000
    const running = sellers.map(async (each) => {
      // A late cycle is not made up for with a burst: the load stays steady.
      for (let next = started; next < end; next = Math.max(next + CYCLE_MS, performance.now())) {
        await sleep(next - performance.now())
        await each.cycle()
      }
    })
    for (let k = 1; k <= Math.floor((seconds * 1000) / SAMPLE_MS); k++) {
      await sleep(started + k * SAMPLE_MS - performance.now())
      const finished = current()
      await sample(k * SAMPLE_MS)
      const rate = finished.requests / (SAMPLE_MS / 1000)
      console.log(
        `${String((k * SAMPLE_MS) / 1000).padStart(4)} s  RSS ${current().rssMb.toFixed(1).padStart(6)} MB  ${rate.toFixed(0).padStart(4)} req/s  p99 ${percentile(finished.latencies, 0.99).toFixed(1).padStart(6)} ms`,
      )
    }
    await Promise.all(running)
    report(windows, errors)
  } finally {
    await server.stop()
  }
}

function report(windows: Window[], errors: Map<string, number>) {
  const measured = windows.filter((window) => window.at >= WARMUP_MS)
  const [first, last] = [measured[0]!, measured.at(-1)!]
  const slope = slopeMbPerMinute(measured)
  // The fitted rise over the measured span: one sample caught just before or after a garbage collection moves the
  // V8 heap (and so RSS) by tens of MB, which a plain end-minus-start would read as growth.
  const growth = (slope * (last.at - first.at)) / 60_000
  const requests = windows.reduce((sum, window) => sum + window.requests, 0)
  const failed = [...errors.values()].reduce((sum, count) => sum + count, 0)
  console.log(
    `RSS after warm-up ${first.rssMb.toFixed(1)} MB, at the end ${last.rssMb.toFixed(1)} MB; slope ${slope.toFixed(2)} MB/min, ` +
      `fitted growth ${growth.toFixed(1)} MB (bound ${MAX_GROWTH_MB} MB): ${growth <= MAX_GROWTH_MB ? 'PASS' : 'FAIL'}`,
  )
  console.log(`requests ${requests}, errors ${failed}: ${failed === 0 ? 'PASS' : 'FAIL'}`)
  for (const [what, count] of errors) console.log(`  ${count} × ${what}`)
  console.log('')
  if (growth > MAX_GROWTH_MB || failed > 0) process.exitCode = 1
}
