// A fresh app over a fresh database for one test file: in-memory PGlite, or a new database on the Postgres server
// when the suite runs in its postgres project (TEST_DB=postgres), dropped again afterwards.
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inject, vi } from 'vitest'
import { createApp } from '../../api/app.ts'
import type { PushOptions } from '../../api/services/push/push-services.ts'
import { openDatabase, type Database } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import type { EbayConfig } from '../../api/services/ebay/ebay-env.ts'
import type { EbayImportOptions } from '../../api/services/ebay/import.ts'
import type { EventStreamLimits } from '../../api/services/events/live-stream.ts'
import type { LookupLimitSettings } from '../../api/services/lookup-limits.ts'
import type { EtsyApiConfig } from '../../api/services/etsy/open-api.ts'
import type { ShopifySettings } from '../../api/services/shopify/shopify-env.ts'
import type { ImageAnalyzer } from '../../api/services/listings/analyzer/image-analyzer.ts'
import { createLocalAnalyzer } from '../../api/services/listings/analyzer/local.ts'
import { serverTestDatabase } from './server-test-database.ts'
import { issueSetupCode } from '../../api/services/accounts/admin-setup.ts'
import { hashPasswordsCheaplyForTests } from '../../api/services/accounts/passwords.ts'
import type { TokenCipher } from '../../api/services/crypto.ts'
import type { GoogleIdentity } from '../../api/services/accounts/google-identity.ts'
import { createJobQueue, type JobQueue } from '../../api/services/jobs.ts'
import { createOutboxTransport, createSmtpTransport } from '../../api/services/mail/mail.ts'
import type { MarketplaceProviders } from '../../api/services/marketplaces/connections.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import type { FileStorage } from '../../api/services/listings/storage.ts'
import { startFakeSmtp } from '../fakes/smtp.ts'
import { photoForm, solidJpeg } from './images.ts'

export const TEST_ORIGIN = 'http://localhost'

hashPasswordsCheaplyForTests()

export interface TestApp {
  app: ReturnType<typeof createApp>
  db: Database
  /** The setup code issued as at a server's first start: registering with it makes the administrator. */
  setupCode: string
  /** Runs the background jobs that are due (the mail sent after a reply), in this process, until none is left. */
  settle(): Promise<void>
  /** The app's job queue (no workers: settle() runs what is due), for tests that enqueue a scheduled job themselves. */
  jobs: JobQueue
  /** Another API process's connections to this database (TestDatabase.connectAgain). */
  connectAgain(): Promise<Database>
  close(): Promise<void>
}

export interface TestDatabase {
  db: Database
  /**
   * Another process's connections to the same database: a pool of its own on a server; on PGlite, which is a single
   * session, the same one (closing it leaves the first open).
   */
  connectAgain(): Promise<Database>
  drop(): Promise<void>
}

/**
 * A database database-templates.ts dumped (the migrated one, or one as initdb left it), under Vitest; undefined
 * elsewhere (the benches), where PGlite starts a new one and it is migrated as it would be at a server's start. Read
 * once per worker, which may open many databases: a Blob can be loaded from again and again.
 */
const dumps = new Map<'pgliteTemplate' | 'pgliteEmpty', Promise<Blob | undefined>>()
function pgliteDump(name: 'pgliteTemplate' | 'pgliteEmpty'): Promise<Blob | undefined> {
  const file = process.env.VITEST ? inject(name) : undefined
  if (!dumps.has(name))
    dumps.set(name, file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined))
  return dumps.get(name)!
}

/** A test's database is small: a Postgres of 16 MB of buffers starts in two thirds of the time of its default 128. */
const TEST_PGLITE_SETTINGS = ['shared_buffers = 16MB']

/** A new PGlite database with no migration applied, for a migration's test to build the schema before it. */
export async function openEmptyPglite(): Promise<Database> {
  return openDatabase({
    pgliteDir: 'memory://',
    pgliteLoad: await pgliteDump('pgliteEmpty'),
    pgliteSettings: TEST_PGLITE_SETTINGS,
  })
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DB === 'postgres' ? process.env.DATABASE_URL : undefined
  if (!url) {
    const db = await openDatabase({
      pgliteDir: 'memory://',
      pgliteLoad: await pgliteDump('pgliteTemplate'),
      pgliteSettings: TEST_PGLITE_SETTINGS,
    })
    return { db, connectAgain: async () => ({ ...db, close: async () => {} }), drop: () => db.close() }
  }
  return serverTestDatabase(url, process.env.VITEST ? inject('postgresTemplate') : undefined)
}

async function ownDatabase(databaseUrl: string): Promise<TestDatabase> {
  const db = await openDatabase({ databaseUrl })
  return { db, connectAgain: () => openDatabase({ databaseUrl }), drop: () => db.close() }
}

export interface TestAppOptions {
  /** A Postgres server the test owns outright (see private-postgres.ts), used as it is and not dropped. */
  databaseUrl?: string
  analyzer?: ImageAnalyzer
  storage?: FileStorage
  /** Send mail to this SMTP server instead of the database outbox. */
  smtpUrl?: string
  /** Receives the outbox's log notices (silent by default). */
  mailLog?: (notice: string) => void
  /** As NODE_ENV=development: the outbox prints each email's content in its notice. */
  development?: boolean
  publicUrl?: string
  /** Connectable marketplaces (pointed at the stand-ins) and the token cipher; none, as with no ETSY_* settings. */
  marketplaces?: { cipher: TokenCipher; providers: MarketplaceProviders }
  /** Sign in with Google's verifier (see google-tokens.ts); without it Google sign-in is off, as with no GOOGLE_CLIENT_ID. */
  google?: GoogleIdentity
  /** The eBay settings the debug endpoint reports on. */
  ebayConfig?: EbayConfig
  /** Etsy's API for selling (pointed at the stand-in); with an Etsy provider, Etsy is sold on. */
  etsyConfig?: EtsyApiConfig
  /** The Shopify app's settings (pointed at the stand-in); with a Shopify provider, Shopify is sold on. */
  shopifyConfig?: ShopifySettings
  /**
   * New accounts per client address an hour. Every test request comes from the one address app.request() has, so
   * by default far more than the real limit; the rate-limit tests pass the real one.
   */
  registrationsPerHour?: number
  /** Read X-Forwarded-For as the server does with TRUST_PROXY=1 (and TRUST_PROXY_HOPS when a number is given). */
  trustProxyHops?: number
  /** Each seller's photo storage quota (PHOTO_QUOTA_MB); the default when not given. */
  photoQuotaBytes?: number
  /** Photo analyses at once (ANALYSIS_CONCURRENCY); the default when not given. */
  analysisConcurrency?: number
  analysisLimits?: { perMinute: number; perDay: number }
  /**
   * CSV files one seller may send to import a minute and a day: by default far more than the real limits
   * (IMPORT_LIMITS), as a file of tests imports more often than a seller does; the tests of the limits pass the real ones.
   */
  importLimits?: { perMinute: number; perDay: number }
  /** An import from eBay's pace and waits; none and 10 ms when not given (eBay's own would make tests minutes long). */
  ebayImport?: EbayImportOptions
  /** Where pushes may go: the push-service stand-in's `trust` (tests/fakes/push-service.ts) or a test's own rules. */
  push?: PushOptions
  /** Live event streams' caps and longest catch-up; the defaults when not given. */
  eventStreams?: EventStreamLimits
  /** What sellers may ask eBay and Etsy for (LOOKUP_LIMIT_*); the defaults when not given. */
  lookupLimits?: LookupLimitSettings
}

export const TEST_MAIL_FROM = 'Snaplist Tests <no-reply@snaplist.test>'

/** The app with photos in a temporary folder and, unless a test brings its own, the no-key analyser and the mail outbox. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp & { photosDir: string }> {
  const { db, drop, connectAgain } = options.databaseUrl
    ? await ownDatabase(options.databaseUrl)
    : await openTestDatabase()
  await migrate(db.sql)
  const setupCode = (await issueSetupCode(db.sql))!
  const photosDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-photos-'))
  // No polling workers: settle() runs what is due, so a test neither waits for a poll nor races a worker.
  const jobs = createJobQueue(db.sql, { work: false })
  const app = createApp({
    sql: db.sql,
    config: {
      publicUrl: options.publicUrl,
      appUrl: options.publicUrl ?? TEST_ORIGIN,
      https: false,
      trustProxy: options.trustProxyHops !== undefined,
      trustProxyHops: options.trustProxyHops,
      registrationsPerHour: options.registrationsPerHour ?? 10_000,
    },
    storage: options.storage ?? createLocalStorage(photosDir),
    analyzer: options.analyzer ?? createLocalAnalyzer(),
    mail: options.smtpUrl
      ? createSmtpTransport({ url: options.smtpUrl, from: TEST_MAIL_FROM })
      : createOutboxTransport(db.sql, { log: options.mailLog ?? (() => {}), printContent: options.development }),
    jobs,
    marketplaces: options.marketplaces,
    google: options.google,
    ebayConfig: options.ebayConfig,
    etsyConfig: options.etsyConfig,
    shopifyConfig: options.shopifyConfig,
    photoQuotaBytes: options.photoQuotaBytes,
    analysisConcurrency: options.analysisConcurrency,
    analysisLimits: options.analysisLimits,
    importLimits: options.importLimits ?? { perMinute: 10_000, perDay: 10_000 },
    push: options.push,
    changeFeed: db.kind === 'postgres' ? 'listen' : 'poll',
    ebayImport: options.ebayImport ?? { paceMs: 0, busyWaitMs: 10 },
    shopifyImport: { msPerBusySecond: 10 },
    eventStreams: options.eventStreams,
    lookupLimits: options.lookupLimits,
  })
  return {
    app,
    db,
    photosDir,
    setupCode,
    settle: () => jobs.runDue(),
    jobs,
    connectAgain,
    async close() {
      await jobs.stop()
      await drop()
      await rm(photosDir, { recursive: true, force: true })
    },
  }
}

/** The app with its SMTP server refusing connections, and what it logged as errors meanwhile (silenced). */
export async function createTestAppWithMailDown(): Promise<TestApp & { errorLines(): string[] }> {
  const closed = await startFakeSmtp()
  await closed.close()
  const t = await createTestApp({ smtpUrl: closed.smtpUrl })
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  return {
    ...t,
    errorLines: () => logged.mock.calls.map((call) => call.map(String).join(' ')),
    async close() {
      logged.mockRestore()
      await t.close()
    },
  }
}

/** A tiny cookie-keeping client over app.request(), sending JSON the way the browser app does. */
export function client(app: TestApp['app']) {
  let cookie = ''
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers } }
    if (body instanceof FormData) {
      init.body = body
    } else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      ;(init.headers as Record<string, string>)['content-type'] ??= 'application/json'
    }
    const response = await app.request(`${TEST_ORIGIN}${path}`, init)
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) {
      const [pair] = setCookie.split(';')
      cookie = pair!.endsWith('=') ? '' : pair!
    }
    return response
  }
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
    get cookie() {
      return cookie
    },
    set cookie(value: string) {
      cookie = value
    },
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
export type JsonBody = Record<string, any>
export const readJson = (response: Response) => response.json() as Promise<JsonBody>

export const newUser = (name: string) => ({
  username: name,
  email: `${name}@example.com`,
  firstName: 'Sam',
  lastName: 'Seller',
  password: 'correct horse battery',
})

/** Registers a user through the API and returns their cookie-keeping client with their id. */
export async function registeredClient(
  app: TestApp['app'],
  name: string,
  extra: Record<string, unknown> = {},
): Promise<ReturnType<typeof client> & { id: number }> {
  const user = client(app)
  const response = await user.post('/api/register', { ...newUser(name), ...extra })
  if (response.status !== 201)
    throw new Error(`registering ${name} answered ${response.status}: ${await response.text()}`)
  return Object.assign(user, { id: (await readJson(response)).id as number })
}

/** Registers the administrator, with the setup code the app issued as a fresh server does. */
export const registeredAdmin = (t: TestApp, name = 'root') => registeredClient(t.app, name, { setupCode: t.setupCode })

/** The response once it has answered `status` (any 2xx when none is named); otherwise an error with what it said. */
export async function succeeded(reply: Promise<Response>, status?: number): Promise<Response> {
  const response = await reply
  if (status === undefined ? !response.ok : response.status !== status)
    throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`)
  return response
}

/** Uploads `count` photos as the seller (POST /api/images, 201 each) and returns their URLs for a listing's images. */
export async function uploadPhotos(seller: ReturnType<typeof client>, count: number): Promise<string[]> {
  const urls: string[] = []
  for (let index = 0; index < count; index += 1) {
    const upload = await succeeded(
      seller.post('/api/images', photoForm(await solidJpeg({ r: 30 * index, g: 90, b: 160 }), { id: randomUUID() })),
      201,
    )
    urls.push((await readJson(upload)).imageUrl as string)
  }
  return urls
}
