// BENCH_ONLY=tax-year: GET /api/tax-years/{year} and its CSV for a year of 20,000 sales, 2,000 expenses and 500 trips
// (issue 52's goals: the summary at most 200 ms, median, and the CSV at most 2 s), PGlite then a Postgres server, seeded
// as the sales CSV's bench seeds. The baseline, in the same run on the same server, is the Insights of the same year
// (the sums the tax year shares); each figure is also given as a ratio to it. Timed from the bench's side on loopback.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Sql } from '../../api/db/client.ts'
import { median } from './ebay.ts'
import { seededServer } from './exports.ts'
import { benchModes, type Mode } from './run.ts'

const SALES = 20_000
const EXPENSES = 2_000
const TRIPS = 500
// The sales fall within this year: from a few days ago back, at most 300 days (the bench runs from January 1 + 300 days;
// earlier in the year some fall in the last, and the summary then sums fewer: it says how many).
const MINUTES_APART = Math.floor((300 * 24 * 60) / SALES)
const RUNS = 15
const CSV_RUNS = 5
const GOAL_MS = 200
const CSV_GOAL_MS = 2000

/** 2,000 expenses and 500 trips over this year, in every category. */
async function seedYear(sql: Sql, userId: number) {
  const year = new Date().getUTCFullYear()
  await sql`
    insert into expenses (user_id, client_id, spent_on, amount_cents, category, place, note)
    select ${userId}, gen_random_uuid(), make_date(${year}, 1 + n % 12, 1 + n % 28), 100 + n % 9000,
      (array['supplies', 'packaging', 'postage', 'subscriptions', 'storage', 'equipment', 'other'])[1 + n % 7],
      'Store ' || (n % 50), 'Bench expense ' || n
    from generate_series(1, ${EXPENSES}) as n`
  await sql`
    insert into trips (user_id, client_id, driven_on, purpose, miles_tenths)
    select ${userId}, gen_random_uuid(), make_date(${year}, 1 + n % 12, 1 + n % 28), 'Thrift run ' || n, 10 + n % 400
    from generate_series(1, ${TRIPS}) as n`
  await sql`analyze expenses`
  await sql`analyze trips`
}

async function timed(url: string, cookie: string, runs: number) {
  const times: number[] = []
  let text = ''
  for (let round = 0; round < runs + 1; round += 1) {
    const started = performance.now()
    const response = await fetch(url, { headers: { cookie } })
    text = await response.text()
    // The first read warms the server's code and Postgres' caches; the rest are timed.
    if (round > 0) times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`)
  }
  return { ms: median(times), text }
}

async function run(mode: Mode) {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-tax-year-bench-'))
  const server = await seededServer(mode, stateDir, { sales: SALES, minutesApart: MINUTES_APART, more: seedYear })
  try {
    const year = new Date().getUTCFullYear()
    const at = (route: string) => `${server.origin}${route}`
    const baseline = await timed(at(`/api/insights?from=${year}-01-01&to=${year}-12-31`), server.cookie, RUNS)
    const summary = await timed(at(`/api/tax-years/${year}`), server.cookie, RUNS)
    const csv = await timed(at(`/api/exports/tax-year/${year}.csv`), server.cookie, CSV_RUNS)
    const figures = JSON.parse(summary.text) as { marketplaces: { sales: number }[]; expensesCents: number }
    const sales = figures.marketplaces.reduce((sum, each) => sum + each.sales, 0)
    const over = [summary.ms > GOAL_MS && 'SUMMARY OVER ITS GOAL', csv.ms > CSV_GOAL_MS && 'CSV OVER ITS GOAL'].filter(
      Boolean,
    )
    console.log(
      `${mode.label}: ${sales.toLocaleString('en-US')} sales this year, ${EXPENSES} expenses, ${TRIPS} trips: summary median ${summary.ms.toFixed(0)} ms of ${RUNS} (goal ≤ ${GOAL_MS} ms, ${(summary.ms / baseline.ms).toFixed(2)}× baseline), CSV median ${csv.ms.toFixed(0)} ms of ${CSV_RUNS} (goal ≤ ${CSV_GOAL_MS} ms, ${(csv.ms / baseline.ms).toFixed(2)}× baseline); baseline (the Insights of the year) ${baseline.ms.toFixed(0)} ms${over.length ? `  ${over.join(', ')}` : ''}`,
    )
  } finally {
    await server.stop()
    await rm(stateDir, { recursive: true, force: true })
  }
}

export async function benchTaxYear(): Promise<void> {
  console.log(
    `\n== Tax year (GET /api/tax-years/{year} and its CSV), ${SALES.toLocaleString('en-US')} sales, ${EXPENSES.toLocaleString('en-US')} expenses, ${TRIPS} trips ==`,
  )
  for (const mode of await benchModes()) await run(mode)
}
