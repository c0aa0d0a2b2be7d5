// BENCH_ONLY=exports: GET /api/exports/sales.csv for 10,000 sales over 500 listings (issue 32's goal: at most 2 s, the
// server's memory flat), PGlite then a Postgres server. The sales are written into the server's database directly
// (10,000 through the API would take minutes): PGlite's folder is seeded between two runs of the server, the Postgres
// server's database is found by a listing made through the API. The server's resident memory is sampled every 10 ms
// while the file streams, and its JS heap read after a collection before and after.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { openDatabase } from '../../api/db/client.ts'
import { vacuumListings } from '../../api/db/listing-search.ts'
import { vacuumSales } from '../../api/db/marketplace-sales.ts'
import type { Sql } from '../../api/db/client.ts'
import { median } from './ebay.ts'
import { launchServer, type BenchServer } from './launcher.ts'
import { MEMORY_PATH } from './protocol.ts'
import { benchModes, type Mode } from './run.ts'
import { residentMb } from './soak.ts'

const SALES = 10_000
const LISTINGS = 500
const RUNS = 3
const GOAL_MS = 2000

/** How many sales to seed, and how far apart (the newest now): 10,000 over the last year by default. */
export interface SalesSeed {
  sales: number
  minutesApart: number
  /** More of the seller's records, written before the tables are analysed (the tax year's expenses and trips). */
  more?: (sql: Sql, userId: number) => Promise<void>
}
const A_YEAR_OF_SALES: SalesSeed = { sales: SALES, minutesApart: 52 }

/** 500 listings with a cost, and the sales of them, on eBay and Etsy, fees estimated as a new sale's are. */
async function seed(sql: Sql, userId: number, { sales, minutesApart, more }: SalesSeed) {
  await sql`
    insert into listings (user_id, title, category, color, quantity, cost_cents, sku, bin)
    select ${userId}, 'Vintage denim jacket, size M, "lot" ' || n, 'clothing', 'blue', 0, 300 + n, 'BENCH-' || n,
      'Shelf ' || (n % 40)
    from generate_series(1, ${LISTINGS}) as n`
  await sql`
    insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id, sold_at,
      fees_cents)
    select case when n % 3 = 0 then 'etsy' else 'ebay' end, 'bench-' || n, ${userId},
      (select id from listings where user_id = ${userId} and sku = 'BENCH-' || (1 + n % ${LISTINGS})),
      1, 1500 + n % 5000, '12-' || n, now() - (n * ${minutesApart} * interval '1 minute'), 200 + n % 500
    from generate_series(1, ${sales}) as n`
  await more?.(sql, userId)
  // As the hourly housekeeping (or a server's autovacuum) leaves the tables.
  await vacuumListings(sql)
  await vacuumSales(sql)
}

/** The bench server's own database on the Postgres server: the one holding a listing only this run made. */
async function serverDatabaseOf(server: BenchServer, url: string): Promise<string> {
  const marker = `exports-bench-${randomBytes(6).toString('hex')}`
  const response = await fetch(`${server.origin}/api/listings`, {
    method: 'POST',
    headers: { cookie: server.cookie, origin: server.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ title: marker, category: 'clothing', color: 'blue' }),
  })
  if (!response.ok) throw new Error(`POST /api/listings answered ${response.status}`)
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const names = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like 'snaplist\_bench\_%'`
    for (const { datname } of names) {
      const own = new URL(url)
      own.pathname = `/${datname}`
      const db = postgres(own.href, { max: 1, onnotice: () => {} })
      try {
        const [row] = await db`select 1 from listings where title = ${marker}`.catch(() => [])
        if (row) return own.href
      } finally {
        await db.end({ timeout: 1 })
      }
    }
  } finally {
    await admin.end({ timeout: 1 })
  }
  throw new Error('the bench server’s database was not found')
}

/** A server whose seller has the sales: seeded in its Postgres database, or in PGlite's folder between two runs. */
export async function seededServer(
  { databaseUrl }: Mode,
  stateDir: string,
  sales: SalesSeed = A_YEAR_OF_SALES,
): Promise<BenchServer> {
  if (databaseUrl) {
    const server = await launchServer({ databaseUrl })
    const sql = postgres(await serverDatabaseOf(server, databaseUrl), { max: 1, onnotice: () => {} })
    await seed(sql as unknown as Sql, server.userId, sales).finally(() => sql.end({ timeout: 1 }))
    return server
  }
  const first = await launchServer({ stateDir })
  await first.stop()
  const db = await openDatabase({ pgliteDir: path.join(stateDir, 'pglite') })
  await seed(db.sql, first.userId, sales).finally(() => db.close())
  return launchServer({ stateDir })
}

async function run(mode: Mode) {
  const { label } = mode
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-exports-bench-'))
  const server = await seededServer(mode, stateDir)
  try {
    const heap = async () =>
      ((await (await fetch(`${server.origin}${MEMORY_PATH}`)).json()) as { heapUsed: number }).heapUsed / 2 ** 20
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const url = `${server.origin}/api/exports/sales.csv?from=${day(-370)}&to=${day(1)}`
    const times: number[] = []
    let peakRss = 0
    let rows = 0
    let bytes = 0
    const heapBefore = await heap()
    const rssBefore = await residentMb(server.child.pid!)
    for (let round = 0; round < RUNS; round += 1) {
      let sampling = true
      const sampler = (async () => {
        while (sampling) {
          peakRss = Math.max(peakRss, await residentMb(server.child.pid!))
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
      })()
      const started = performance.now()
      const response = await fetch(url, { headers: { cookie: server.cookie } })
      const text = await response.text()
      times.push(performance.now() - started)
      sampling = false
      await sampler
      if (response.status !== 200) throw new Error(`sales.csv answered ${response.status}: ${text.slice(0, 200)}`)
      rows = text.split('\r\n').length - 2
      bytes = Buffer.byteLength(text)
    }
    const heapAfter = await heap()
    const time = median(times)
    console.log(
      `${label}: ${rows} sales, ${(bytes / 1024).toFixed(0)} KB of CSV: median ${time.toFixed(0)} ms of ${RUNS} (goal ≤ ${GOAL_MS} ms)${time > GOAL_MS ? '  OVER THE GOAL' : ''}; server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB while streaming; JS heap after a collection ${heapBefore.toFixed(1)} MB before, ${heapAfter.toFixed(1)} MB after`,
    )
  } finally {
    await server.stop()
    await rm(stateDir, { recursive: true, force: true })
  }
}

export async function benchExports(): Promise<void> {
  console.log(`\n== The sales CSV (GET /api/exports/sales.csv), ${SALES.toLocaleString('en-US')} sales ==`)
  for (const mode of await benchModes()) await run(mode)
}
