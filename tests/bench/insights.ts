// BENCH_ONLY=insights: GET /api/insights for a seller with 20,000 sales over three years (issue 32's goal: at most 150 ms
// on the server, median, and at most 50 KB), PGlite then a Postgres server, seeded as the sales CSV's bench seeds.
// Timed from the bench's side on loopback, so the figure includes the request's own trip.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { median } from './ebay.ts'
import { seededServer } from './exports.ts'
import { benchModes, type Mode } from './run.ts'

const SALES = 20_000
// Three years of sales, evenly apart.
const MINUTES_APART = Math.floor((3 * 365 * 24 * 60) / SALES)
const RUNS = 15
const GOAL_MS = 150
const GOAL_BYTES = 50 * 1024

async function run(mode: Mode) {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-insights-bench-'))
  const server = await seededServer(mode, stateDir, { sales: SALES, minutesApart: MINUTES_APART })
  try {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const url = `${server.origin}/api/insights?from=${day(-3 * 366)}&to=${day(1)}`
    const times: number[] = []
    let bytes = 0
    let months = 0
    for (let round = 0; round < RUNS + 1; round += 1) {
      const started = performance.now()
      const response = await fetch(url, { headers: { cookie: server.cookie } })
      const text = await response.text()
      // The first read warms the server's code and Postgres' caches; the rest are timed.
      if (round > 0) times.push(performance.now() - started)
      if (response.status !== 200) throw new Error(`insights answered ${response.status}: ${text.slice(0, 200)}`)
      bytes = Buffer.byteLength(text)
      months = (JSON.parse(text) as { months: unknown[] }).months.length
    }
    const time = median(times)
    const over = [time > GOAL_MS && 'OVER THE TIME GOAL', bytes > GOAL_BYTES && 'OVER THE SIZE GOAL'].filter(Boolean)
    console.log(
      `${mode.label}: ${SALES.toLocaleString('en-US')} sales, ${months} months: median ${time.toFixed(0)} ms of ${RUNS} (goal ≤ ${GOAL_MS} ms), ${(bytes / 1024).toFixed(1)} KB (goal ≤ ${GOAL_BYTES / 1024} KB)${over.length ? `  ${over.join(', ')}` : ''}`,
    )
  } finally {
    await server.stop()
    await rm(stateDir, { recursive: true, force: true })
  }
}

export async function benchInsights(): Promise<void> {
  console.log(`\n== Insights (GET /api/insights), ${SALES.toLocaleString('en-US')} sales over three years ==`)
  for (const mode of await benchModes()) await run(mode)
}
