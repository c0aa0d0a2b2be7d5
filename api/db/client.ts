// The only place a Postgres connection is made: a real server when DATABASE_URL is set, otherwise embedded PGlite
// reached through a local socket, so both modes run the same driver, SQL and migrations.
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'

export type Sql = postgres.Sql
export type Tx = postgres.TransactionSql

export interface Database {
  sql: Sql
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PGlite only: its data folder as one file, for pgliteLoad (the tests start each database from one migrated once). */
  dumpDataDir?(): Promise<Blob>
}

export interface DatabaseOptions {
  /** A Postgres server; when absent, PGlite is embedded. */
  databaseUrl?: string
  /** PGlite's data folder; 'memory://' keeps it in memory. */
  pgliteDir?: string
  /** PGlite: start from this dump of a data folder (Database.dumpDataDir) instead of running initdb. */
  pgliteLoad?: Blob
  /** PGlite: postgresql.conf lines for this start (the tests' small databases start faster with small buffers). */
  pgliteSettings?: readonly string[]
  /** PGlite: initdb's arguments when the data folder is new. */
  pgliteInitdb?: readonly string[]
  /** Run every query in this schema (created if missing): lets test runs share one server without seeing each other. */
  schema?: string
  /** postgres.js pool size for a server; PGlite always gets exactly one connection. */
  max?: number
}

const driverOptions = { transform: postgres.camel, onnotice: () => {} } as const

// While the server is down, a request should learn so in a second or two and answer 503, not hang: connecting gives
// up after CONNECT_TIMEOUT_S, and the pause before reconnecting stays under RECONNECT_DELAY_MAX_S. postgres.js' own
// back-off grows to 20 s after a few failures, and a query waiting for that reconnect (and every query queued behind
// it) would wait as long, before and even after the server is back.
const CONNECT_TIMEOUT_S = 5
const RECONNECT_DELAY_MAX_S = 0.5
const serverOptions = {
  connect_timeout: CONNECT_TIMEOUT_S,
  backoff: (retries: number) => Math.min(2 ** retries / 100, RECONNECT_DELAY_MAX_S) * (0.5 + Math.random() / 2),
} as const

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openServer(options.databaseUrl, options)
    : openPglite(options.pgliteDir ?? 'memory://', options)
}

async function openServer(url: string, { schema, max = 10 }: DatabaseOptions): Promise<Database> {
  if (schema) {
    const setup = postgres(url, { max: 1, onnotice: () => {} })
    await setup`create schema if not exists ${setup(schema)}`
    await setup.end()
  }
  const sql = postgres(url, {
    ...driverOptions,
    ...serverOptions,
    max,
    connection: schema ? { search_path: schema } : {},
  })
  return { sql, kind: 'postgres', close: () => sql.end({ timeout: 5 }) }
}

async function openPglite(
  dataDir: string,
  { pgliteLoad, pgliteSettings, pgliteInitdb }: DatabaseOptions,
): Promise<Database> {
  const [{ PGlite }, { PGLiteSocketServer }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ])
  // pg_trgm: the Dashboard's search index (migration 0033); PGlite ships it, to be named at every start.
  const db = await PGlite.create(dataDir, {
    loadDataDir: pgliteLoad,
    extensions: { pg_trgm },
    ...(pgliteSettings && { postgresqlconf: [...pgliteSettings] }),
    ...(pgliteInitdb && { initDbStartParams: [...pgliteInitdb] }),
  })
  // A Unix socket private to this process: no TCP port to collide with and nothing reachable from the network.
  const socketPath = path.join(os.tmpdir(), `snaplist-pglite-${process.pid}-${randomBytes(4).toString('hex')}.sock`)
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 })
  await server.start()
  // PGlite is one Postgres session: a second connection would interleave transactions, so the pool holds one.
  const sql = postgres({ ...driverOptions, path: socketPath, database: 'postgres', max: 1 })
  return {
    sql,
    kind: 'pglite',
    dumpDataDir: () => db.dumpDataDir('none'),
    async close() {
      await sql.end({ timeout: 5 })
      await server.stop()
      await db.close()
      await rm(socketPath, { force: true })
    },
  }
}
