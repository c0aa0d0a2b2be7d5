// Child process for the benchmark: the real API over a throwaway database plus the bench-only baseline route,
// served on 127.0.0.1 with one signed-in user. It reports over IPC and removes its database and temp folder on SIGTERM;
// given a state folder instead (the fault runs, which kill and restart it), it keeps that folder and reuses it.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import postgres from 'postgres'
import { createApp } from '../../api/app.ts'
import { openDatabase, type Database, type Sql } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { createLocalAnalyzer } from '../../api/services/listings/analyzer/local.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import {
  BASELINE_PATH,
  MEMORY_PATH,
  DATABASE_URL_ENV,
  PORT_ENV,
  STATE_DIR_ENV,
  type ServerMessage,
} from './protocol.ts'

interface BenchDatabase {
  db: Database
  dispose(): Promise<void>
}

async function openPgliteBench(dir: string): Promise<BenchDatabase> {
  // On disk like a real install, not memory://, so PGlite pays the same storage costs the product does.
  const db = await openDatabase({ pgliteDir: path.join(dir, 'pglite') })
  return { db, dispose: () => db.close() }
}

async function asAdmin(url: string, run: (admin: postgres.Sql) => Promise<unknown>) {
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await run(admin)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

async function openServerBench(url: string): Promise<BenchDatabase> {
  // A whole database rather than a schema, so nothing the bench writes can outlive it or meet other data.
  const name = `snaplist_bench_${randomBytes(6).toString('hex')}`
  await asAdmin(url, (admin) => admin`create database ${admin(name)}`)
  const benchUrl = new URL(url)
  benchUrl.pathname = `/${name}`
  // The product's default pool size, so the numbers describe what a deployment gets.
  const db = await openDatabase({ databaseUrl: benchUrl.href })
  return {
    db,
    async dispose() {
      await db.close()
      await asAdmin(url, (admin) => admin`drop database if exists ${admin(name)} with (force)`)
    },
  }
}

function benchApp(sql: Sql, photosDir: string, kind: Database['kind']) {
  // No benchmarked route stores photos or calls the analyser; these are the offline defaults the tests use too.
  const product = createApp({
    sql,
    // The fault and soak runs sign up dozens of sellers from this one machine.
    config: {
      publicUrl: undefined,
      appUrl: 'http://localhost',
      https: false,
      trustProxy: false,
      registrationsPerHour: 100_000,
    },
    storage: createLocalStorage(photosDir),
    analyzer: createLocalAnalyzer(),
    changeFeed: kind === 'postgres' ? 'listen' : 'poll',
  })
  // Added to the product itself, after its routes, and kept out of api/app.ts: it passes the same outer middleware
  // (request id, security headers, compression) and is served as api/server.ts serves the product, unwrapped. Mounted
  // inside another Hono instead, every one of the product's handlers would be wrapped in an error-handling closure per
  // call (Hono does so for a sub-app with its own onError), a cost production never pays.
  return (
    product
      .get(`${BASELINE_PATH}/:id`, async (c) => {
        const [row] = await sql<
          { id: number; username: string }[]
        >`select id, username from users where id = ${Number(c.req.param('id'))}`
        return row ? c.json(row, 200) : c.json({ message: 'No such user.' }, 404)
      })
      // The process's memory after a collection (when the runtime allows one), for the open streams' cost.
      .get(MEMORY_PATH, (c) => {
        ;(globalThis as { gc?: () => void }).gc?.()
        return c.json(process.memoryUsage(), 200)
      })
  )
}

function listen(app: { fetch: Hono['fetch'] }, port: number): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, () => resolve(server))
  })
}

const BENCH_USER = {
  username: 'bench',
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Mark',
  password: 'correct horse battery',
}

async function post(origin: string, path: string, body: unknown): Promise<Response> {
  // The same-origin check wants what a browser on this origin would send.
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  })
}

/** Registers the bench user, or signs it in when a kept database has it already. */
async function signIn(origin: string): Promise<{ cookie: string; userId: number }> {
  let response = await post(origin, '/api/register', BENCH_USER)
  if (response.status === 409)
    response = await post(origin, '/api/login', { username: BENCH_USER.username, password: BENCH_USER.password })
  if (!response.ok) throw new Error(`signing the bench user in answered ${response.status}: ${await response.text()}`)
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error('signing the bench user in set no session cookie')
  const { id } = (await response.json()) as { id: number }
  return { cookie, userId: id }
}

function report(message: ServerMessage): Promise<void> {
  // Run by hand (no IPC), it prints instead, which is enough to try the server with curl.
  if (!process.send) return Promise.resolve(console.log(JSON.stringify(message)))
  return new Promise((resolve) => process.send!(message, undefined, undefined, () => resolve()))
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    // Keep-alive sockets left by the load generator would otherwise hold close() open.
    if ('closeAllConnections' in server) server.closeAllConnections()
  })
}

// Undone newest first on any exit path, so a signal during start-up still drops what was made so far.
const cleanups: (() => Promise<void>)[] = []
let stopping = false

async function shutDown(code: number) {
  if (stopping) return
  stopping = true
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error: unknown) => console.error('bench server cleanup failed:', error))
  }
  process.exit(code)
}

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-bench-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function main() {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutDown(0))
  // The orchestrator died without a SIGTERM: still drop the database.
  process.once('disconnect', () => void shutDown(0))
  const dir = process.env[STATE_DIR_ENV] ?? (await temporaryDir())
  const databaseUrl = process.env[DATABASE_URL_ENV]
  const bench = databaseUrl ? await openServerBench(databaseUrl) : await openPgliteBench(dir)
  cleanups.push(() => bench.dispose())
  await migrate(bench.db.sql)
  const server = await listen(
    benchApp(bench.db.sql, path.join(dir, 'photos'), bench.db.kind),
    Number(process.env[PORT_ENV] ?? 0),
  )
  cleanups.push(() => closeServer(server))
  const { port } = server.address() as AddressInfo
  const { cookie, userId } = await signIn(`http://127.0.0.1:${port}`)
  await report({ type: 'ready', port, cookie, userId })
}

main().catch(async (error: unknown) => {
  await report({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  await shutDown(1)
})
