// What the kill benchmarks share (BENCH_ONLY=lifecycle, crosslist): API processes (api/server.ts, as deployed) on a
// throwaway database of one Postgres server, started, SIGKILLed and started again on their ports; a client that calls
// whichever of them answers; the eBay stand-in's settings for them; and a seller signed up and connected to eBay.
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import { once } from 'node:events'
import { closeSync, openSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import type { FakeEbay } from '../fakes/ebay.ts'

const API_ENTRY = fileURLToPath(new URL('../../api/server.ts', import.meta.url))

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A port that is very likely free (the benchmarks' processes come and go on it). */
export const freePort = () => 20_000 + randomInt(20_000)

export interface Api {
  port: number
  child?: ChildProcess
}

export type Call = (cookie: string, method: string, route: string, body?: unknown) => Promise<Response>

/** Calls whichever process answers: a refused or dropped connection (a killed process) tries the other. */
export function createClient(apis: Api[]): Call {
  return async function call(cookie, method, route, body) {
    for (let attempt = 0; ; attempt += 1) {
      const api = apis[(attempt + randomInt(2)) % apis.length]!
      const origin = `http://127.0.0.1:${api.port}`
      try {
        const form = body instanceof FormData
        return await fetch(`${origin}${route}`, {
          method,
          headers: { origin, cookie, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        })
      } catch {
        if (attempt > 200) throw new Error(`${method} ${route}: no API process answered`)
        await sleep(100)
      }
    }
  }
}

/** The reply's JSON when it succeeded, else an error with its status and body. */
export const json = async (response: Response) =>
  response.ok
    ? ((await response.json()) as Record<string, unknown>)
    : Promise.reject(new Error(`${response.url} ${response.status}: ${await response.text()}`))

/**
 * Starts api/server.ts on the Api's port and waits until it answers /api/health. BENCH_API_LOG names a file the
 * processes' output is added to (the server log: failed jobs and the like), for looking into a failed run.
 */
export async function startApi(api: Api, env: NodeJS.ProcessEnv): Promise<void> {
  const log = process.env.BENCH_API_LOG ? openSync(process.env.BENCH_API_LOG, 'a') : 'ignore'
  api.child = fork(API_ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...env, PORT: String(api.port) },
    stdio: ['ignore', log, log, 'ipc'],
  })
  if (typeof log === 'number') closeSync(log)
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (
      await fetch(`http://127.0.0.1:${api.port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await sleep(200)
  }
  throw new Error(`the API on port ${api.port} did not start`)
}

/** SIGKILLs the process (no shutdown of any kind) and waits until it is gone. */
export async function kill(api: Api): Promise<void> {
  const child = api.child
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

export interface ThrowawayDatabase {
  /** The database's own URL, for the API processes and the bench's checks. */
  databaseUrl: string
  /** A data folder for the processes (photos). */
  dataDir: string
  /** Drops the database (whoever is still connected) and removes the data folder. */
  drop(): Promise<void>
}

/** A database of its own on the server at `serverUrl`, so nothing the bench writes can outlive it or meet other data. */
export async function throwawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `snaplist_${prefix}_${randomBytes(5).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin`create database ${admin(name)}`
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `snaplist-${prefix}-`))
  return {
    databaseUrl: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href,
    dataDir,
    async drop() {
      await admin`drop database if exists ${admin(name)} with (force)`
      await admin.end()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The API processes' settings: the database, a mail server, and eBay's API at the stand-in (sales read every minute). */
export function apiEnv(db: ThrowawayDatabase, smtpUrl: string, ebay: FakeEbay): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: db.databaseUrl,
    DATA_DIR: db.dataDir,
    APP_SECRET: 'a-bench-secret-that-is-long-enough-for-the-check',
    SMTP_URL: smtpUrl,
    REGISTRATION_LIMIT: '100000',
    EBAY_ENV: 'sandbox',
    EBAY_CLIENT_ID: ebay.clientId,
    EBAY_CLIENT_SECRET: ebay.clientSecret,
    EBAY_RU_NAME: ebay.ruName,
    EBAY_AUTH_URL: ebay.authUrl,
    EBAY_API_URL: ebay.url,
    EBAY_IDENTITY_URL: ebay.url,
    EBAY_MEDIA_URL: ebay.url,
    EBAY_SALES_POLL_MINUTES: '1',
  }
}

/** Signs a new seller up (or in, when the sign-up's reply was lost) and answers the session cookie and the address. */
export async function register(call: Call): Promise<{ cookie: string; email: string }> {
  const username = `seller${randomBytes(5).toString('hex')}`
  const body = {
    username,
    email: `${username}@example.com`,
    firstName: 'Bench',
    lastName: 'Seller',
    password: 'bench password 42',
  }
  const cookieOf = (response: Response) => ({
    cookie: response.headers.get('set-cookie')!.split(';')[0]!,
    email: body.email,
  })
  for (;;) {
    const response = await call('', 'POST', '/api/register', body)
    if (response.status === 201) return cookieOf(response)
    // A registration whose reply was lost: the account exists, so sign in.
    if (response.status === 409 || response.status === 400) {
      const login = await call('', 'POST', '/api/login', { username, password: body.password })
      if (login.ok) return cookieOf(login)
    }
  }
}

/** Connects the seller's eBay on the stand-in (consent, then the code exchange); answers the grant naming its inventory. */
export async function connectEbay(call: Call, fake: FakeEbay, cookie: string): Promise<string> {
  const { authUrl } = (await json(await call(cookie, 'GET', '/api/marketplace-connections/ebay/auth'))) as {
    authUrl: string
  }
  const back = await fake.consent(authUrl)
  await json(
    await call(cookie, 'POST', '/api/marketplace-connections/ebay/exchange-token', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    }),
  )
  return back.searchParams.get('state')!
}
