// Durable background jobs (pg-boss over our postgres.js connection): a mail promised in a reply survives the process
// that promised it and is sent once, two processes never both run a job, and a failing send is logged and retried
// with back-off. The app defines every job it sends, from the one registry. On PGlite, and on the Postgres server in
// the api-postgres project.
import { readdir, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../api/app.ts'
import type { Platform } from '../../api/contract/marketplace-paths.ts'
import { loadConfig } from '../../api/env.ts'
import type { Sql } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { createLocalAnalyzer } from '../../api/services/listings/analyzer/local.ts'
import { createEphemeralCipher } from '../../api/services/crypto.ts'
import { createEtsyProvider } from '../../api/services/etsy/etsy-connect.ts'
import { createShopifyProvider } from '../../api/services/shopify/shopify-connect.ts'
import { UNREACHED_SHOPIFY } from '../helpers/shopify.ts'
import { BACK_OFF, SOON } from '../../api/services/job-retry.ts'
import { createJobQueue, jobSchemaFor, type JobDefinition, type JobQueue } from '../../api/services/jobs.ts'
import { createOutboxTransport } from '../../api/services/mail/mail.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import {
  client,
  createTestAppWithMailDown,
  openTestDatabase,
  registeredClient,
  TEST_ORIGIN,
  type TestDatabase,
} from '../helpers/test-app.ts'

let database: TestDatabase
let sql: Sql
let jobSchema: string
let jobTable: string
beforeAll(async () => {
  database = await openTestDatabase()
  sql = database.db.sql
  await migrate(sql)
  jobSchema = await jobSchemaFor(sql)
  jobTable = `${jobSchema}.job`
})
afterAll(() => database?.drop())

/** One API process: the app and its job queue over `sql`, mail into the outbox. */
// Etsy's settings, so that its jobs are defined too (no call reaches this address).
const ETSY = { clientId: 'jobs-test-keystring', apiUrl: 'http://127.0.0.1:9' }
// eBay's app keys, its verification token and an https address: eBay's order push, and its job, are set up too.
const EBAY = loadConfig({
  EBAY_CLIENT_ID: 'jobs-test-app-id',
  EBAY_CLIENT_SECRET: 'jobs-test-cert-id',
  EBAY_VERIFICATION_TOKEN: 'a-jobs-test-verification-token-of-32-chars',
  EBAY_API_URL: 'http://127.0.0.1:9',
}).ebay

function apiProcess(
  processSql: Sql,
  jobs = createJobQueue(processSql, { work: false, log: () => {} }),
  salesPollMinutes: Partial<Record<Platform, number>> = {},
): { app: ReturnType<typeof createApp>; jobs: JobQueue } {
  const etsy = createEtsyProvider({ ...ETSY, redirectUri: 'https://snaplist.test/etsy/auth/success' })
  const shopify = createShopifyProvider(UNREACHED_SHOPIFY)
  const app = createApp({
    sql: processSql,
    config: {
      publicUrl: 'https://snaplist.test',
      appUrl: TEST_ORIGIN,
      https: false,
      trustProxy: false,
      registrationsPerHour: 10_000,
    },
    storage: createLocalStorage(path.join(os.tmpdir(), 'snaplist-jobs-test')),
    analyzer: createLocalAnalyzer(),
    mail: createOutboxTransport(processSql, { log: () => {} }),
    jobs,
    marketplaces: { cipher: createEphemeralCipher(), providers: { etsy, shopify } },
    etsyConfig: ETSY,
    shopifyConfig: UNREACHED_SHOPIFY,
    ebayConfig: EBAY,
    salesPollMinutes,
  })
  return { app, jobs }
}

const resetMailsTo = (email: string) =>
  sql`select id from mail_outbox where recipient = ${email} and template = 'password-reset'`
const resetJobs = () =>
  sql.unsafe<{ state: string; retryCount: number; data: object }[]>(
    `select state, retry_count, data from ${jobTable} where name = 'password-reset-email'`,
  )

describe('a reset link promised in a reply', () => {
  beforeAll(async () => {
    const setup = apiProcess(sql)
    await registeredClient(setup.app, 'ada')
    await setup.jobs.runDue()
    await setup.jobs.stop()
  })
  beforeEach(async () => {
    await sql`delete from mail_outbox`
    await sql.unsafe(`delete from ${jobTable} where name = 'password-reset-email'`)
  })

  it('is sent once by the next process when the one that answered dies before sending it', async () => {
    const first = apiProcess(sql)
    expect((await client(first.app).post('/api/forgot-password', { username: 'ada@example.com' })).status).toBe(200)
    await first.jobs.stop()
    // The job holds the address typed and nothing secret: the token is made when the job runs.
    expect((await resetJobs()).map((job) => job.data)).toEqual([{ email: 'ada@example.com', appUrl: TEST_ORIGIN }])

    const next = apiProcess(sql)
    await next.jobs.runDue()
    await next.jobs.runDue()
    expect(await resetMailsTo('ada@example.com')).toHaveLength(1)
    expect(await resetJobs()).toMatchObject([{ state: 'completed' }])
    await next.jobs.stop()
  })

  it('is not sent again when the process died after sending, before the queue heard the job was done', async () => {
    const first = apiProcess(sql)
    await client(first.app).post('/api/forgot-password', { username: 'ada@example.com' })
    await first.jobs.runDue()
    await first.jobs.stop()
    // As the queue sees such a death: the job still running, and running longer than its time allows.
    await sql.unsafe(
      `update ${jobTable} set state = 'active', completed_on = null, started_on = now() - interval '1 hour' where name = 'password-reset-email'`,
    )

    const next = apiProcess(sql)
    await next.jobs.runDue()
    expect(await resetJobs()).toMatchObject([{ state: 'retry' }])
    await sql.unsafe(`update ${jobTable} set start_after = now() where state = 'retry'`)
    await next.jobs.runDue()
    expect(await resetJobs()).toMatchObject([{ state: 'completed', retryCount: 1 }])
    expect(await resetMailsTo('ada@example.com')).toHaveLength(1)
    await next.jobs.stop()
  })
})

describe('two processes on one database', () => {
  it('run each job exactly once', async () => {
    const other = await database.connectAgain()
    const handled: string[] = []
    const queues = [sql, other.sql].map((processSql) => {
      const jobs = createJobQueue(processSql, { pollingIntervalSeconds: 0.5, log: () => {} })
      jobs.define({ name: 'count-me', handler: async (_data, job) => void handled.push(job.id), retry: BACK_OFF })
      return jobs
    })
    try {
      await Promise.all(queues.map((jobs) => jobs.start()))
      const sent: string[] = []
      for (let index = 0; index < 8; index += 1) sent.push(await queues[index % 2]!.send('count-me', { index }))
      await vi.waitFor(() => expect(handled).toHaveLength(sent.length), { timeout: 10_000, interval: 20 })
      // One polling interval more, in which a job taken twice would show.
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(handled.toSorted()).toEqual(sent.toSorted())
    } finally {
      await Promise.all(queues.map((jobs) => jobs.stop()))
      await other.close()
    }
  })
})

describe('a queue of jobs another process sent', () => {
  it('is worked through one after another, not one per polling interval', async () => {
    const other = await database.connectAgain()
    const handled: number[] = []
    const worker = createJobQueue(sql, { pollingIntervalSeconds: 2, log: () => {} })
    worker.define({ name: 'one-by-one', handler: async () => void handled.push(Date.now()), retry: BACK_OFF })
    // The sender has no worker of its own to wake: the worker learns of the jobs by looking.
    const sender = createJobQueue(other.sql, { work: false, log: () => {} })
    sender.define({ name: 'one-by-one', handler: async () => {}, retry: BACK_OFF })
    try {
      await worker.start()
      await sender.start()
      for (let index = 0; index < 10; index += 1) await sender.send('one-by-one', { index })
      // One look (2 s) finds the first; the rest follow at once rather than 2 s apart (18 s more).
      await vi.waitFor(() => expect(handled).toHaveLength(10), { timeout: 6_000, interval: 50 })
    } finally {
      await Promise.all([worker.stop(), sender.stop()])
      await other.close()
    }
  })
})

describe('a job that keeps failing', () => {
  it('is told on its last try that this is the last, so it can say it gave up', async () => {
    const tries: boolean[] = []
    const worker = createJobQueue(sql, { pollingIntervalSeconds: 0.5, log: () => {} })
    worker.define({
      name: 'last-try',
      handler: async (_data, job) => {
        tries.push(job.lastTry)
        throw new Error('still failing')
      },
      retry: { retryLimit: 1, retryDelay: 1, retryBackoff: false, expireInSeconds: BACK_OFF.expireInSeconds },
    })
    try {
      await worker.start()
      await worker.send('last-try', {})
      await vi.waitFor(() => expect(tries).toEqual([false, true]), { timeout: 10_000, interval: 50 })
    } finally {
      await worker.stop()
    }
  })
})

describe('a failing send', () => {
  it('is logged with the job name and id, nothing secret, and retried later and later', async () => {
    const t = await createTestAppWithMailDown()
    try {
      await registeredClient(t.app, 'bo')
      await client(t.app).post('/api/forgot-password', { username: 'bo@example.com' })
      await t.settle()
      const lines = t.errorLines()
      expect(lines).toContainEqual(
        expect.stringMatching(/^Background job password-reset-email [0-9a-f-]{36} failed .*SMTP failed/),
      )
      expect(lines.join('\n')).not.toMatch(/token|bo@example\.com/)

      const table = `${await jobSchemaFor(t.db.sql)}.job`
      const delay = async () => {
        const [job] = await t.db.sql.unsafe<{ state: string; seconds: number }[]>(
          `select state, extract(epoch from start_after - now())::float8 as seconds from ${table} where name = 'password-reset-email'`,
        )
        return job!
      }
      const first = await delay()
      expect(first.state).toBe('retry')
      expect(first.seconds).toBeGreaterThan(25)
      expect(first.seconds).toBeLessThanOrEqual(60)
      await t.db.sql.unsafe(`update ${table} set start_after = now() where name = 'password-reset-email'`)
      await t.settle()
      const second = await delay()
      expect(second.state).toBe('retry')
      expect(second.seconds).toBeGreaterThan(55)
      expect(second.seconds).toBeLessThanOrEqual(120)
    } finally {
      await t.close()
    }
  })
})

/** The names of every *_JOB constant in api/, and the names the code sends jobs under (jobs.send and the like). */
async function jobNamesInSource(): Promise<{ declared: Map<string, string>; sent: Set<string> }> {
  const api = fileURLToPath(new URL('../../api/', import.meta.url))
  const files = (await readdir(api, { recursive: true })).filter((file) => file.endsWith('.ts'))
  const declared = new Map<string, string>()
  const sent = new Set<string>()
  for (const file of files) {
    const text = await readFile(path.join(api, file), 'utf8')
    for (const [, constant, name] of text.matchAll(/export const (\w+_JOB) = '([^']+)'/g))
      declared.set(constant!, name!)
    for (const [, direct, inTransaction] of text.matchAll(
      /jobs\.send\(\s*(\w+)|jobs\.send(?:Many)?InTransaction\(\s*\w+,\s*(\w+)/g,
    ))
      sent.add((direct ?? inTransaction)!)
  }
  return { declared, sent }
}

describe('the job registry', () => {
  it('defines every job the services send, once, each scheduled one with its cron', async () => {
    const jobs = createJobQueue(sql, { work: false, log: () => {} })
    const defined: JobDefinition<never>[] = []
    const define = jobs.define
    jobs.define = (job) => {
      defined.push(job)
      define(job)
    }
    apiProcess(sql, jobs)
    try {
      const { declared, sent } = await jobNamesInSource()
      const names = defined.map((job) => job.name).toSorted()
      // Each name declared once is a job the app defines, once.
      expect(names).toEqual([...declared.values()].toSorted())
      const schedules = Object.fromEntries(defined.flatMap((job) => (job.schedule ? [[job.name, job.schedule]] : [])))
      expect(schedules).toEqual({
        'purge-expired': '0 * * * *',
        'photo-sweep': '30 * * * *',
        'ebay-sales-poll': '*/15 * * * *',
        'etsy-sales-poll': '*/15 * * * *',
        'price-markdowns': '0 6 * * *',
        'shopify-sales-poll': '*/15 * * * *',
        'price-offers': '30 6 * * *',
      })
      // The code sends jobs only under those names, and a job nobody sends runs on its schedule.
      const sentNames = [...sent].map((constant) => declared.get(constant) ?? constant)
      expect(new Set([...sentNames, ...Object.keys(schedules)])).toEqual(new Set(names))

      await jobs.start()
      const crons = await sql.unsafe<{ name: string; cron: string }[]>(`select name, cron from ${jobSchema}.schedule`)
      expect(Object.fromEntries(crons.map(({ name, cron }) => [name, cron]))).toEqual(schedules)
    } finally {
      await jobs.stop()
    }
  })

  it("gives each queue its job's retry policy, also a queue made with another", async () => {
    const first = apiProcess(sql)
    await first.jobs.start()
    await first.jobs.stop()
    await sql.unsafe(
      `update ${jobSchema}.queue set retry_limit = 1, retry_backoff = false where name = 'welcome-email'`,
    )

    const next = apiProcess(sql)
    await next.jobs.start()
    await next.jobs.stop()
    // Not pg-boss' own queue for cron (__pgboss__send-it), nor the one a test above made with a policy of its own.
    const policies = await sql.unsafe(
      `select distinct retry_limit, retry_delay, retry_backoff, expire_seconds as expire_in_seconds from ${jobSchema}.queue where name not like '\\_\\_pgboss%' and name <> 'last-try'`,
    )
    expect(policies).toHaveLength(2)
    expect(policies).toEqual(expect.arrayContaining([BACK_OFF, SOON]))
    const welcome = await sql.unsafe(
      `select retry_limit, retry_delay, retry_backoff, expire_seconds as expire_in_seconds from ${jobSchema}.queue where name = 'welcome-email'`,
    )
    expect(welcome).toEqual([BACK_OFF])
  })

  it("takes JOB_EXPIRE_SECONDS as every queue's expiry, so a killed process's jobs are retried that much sooner", async () => {
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '20' }).jobExpireSeconds).toBe(20)
    expect(loadConfig({}).jobExpireSeconds).toBeUndefined()
    expect(() => loadConfig({ JOB_EXPIRE_SECONDS: 'soon' })).toThrow('JOB_EXPIRE_SECONDS must be a whole number')

    // The app's queues: not pg-boss' own for cron, nor those the tests above made.
    const expiries = async () => {
      const queues = await sql.unsafe<{ name: string; expireSeconds: number }[]>(
        `select name, expire_seconds from ${jobSchema}.queue where name not like '\\_\\_pgboss%'`,
      )
      const ours = queues.filter((queue) => !['count-me', 'one-by-one', 'last-try'].includes(queue.name))
      return [...new Set(ours.map((queue) => queue.expireSeconds))]
    }
    const short = apiProcess(sql, createJobQueue(sql, { work: false, log: () => {}, expireInSeconds: 20 }))
    await short.jobs.start()
    await short.jobs.stop()
    expect(await expiries()).toEqual([20])

    // Unset again, each queue is given back its job's own.
    const usual = apiProcess(sql)
    await usual.jobs.start()
    await usual.jobs.stop()
    expect(await expiries()).toEqual([BACK_OFF.expireInSeconds])
  })

  it("reads each marketplace's sales every <MARKETPLACE>_SALES_POLL_MINUTES, 15 when unset", async () => {
    const polls = async () =>
      Object.fromEntries(
        (
          await sql.unsafe<{ name: string; cron: string }[]>(
            `select name, cron from ${jobSchema}.schedule where name like '%sales-poll' order by name`,
          )
        ).map((schedule) => [schedule.name, schedule.cron]),
      )
    const set = loadConfig({ EBAY_SALES_POLL_MINUTES: '5', ETSY_SALES_POLL_MINUTES: '20' }).salesPollMinutes
    expect(set).toEqual({ ebay: 5, etsy: 20 })
    expect(() => loadConfig({ ETSY_SALES_POLL_MINUTES: '7' })).toThrow(
      'ETSY_SALES_POLL_MINUTES must be a whole number of minutes that divides 60',
    )
    const often = apiProcess(sql, undefined, set)
    await often.jobs.start()
    await often.jobs.stop()
    expect(await polls()).toEqual({
      'ebay-sales-poll': '*/5 * * * *',
      'etsy-sales-poll': '*/20 * * * *',
      'shopify-sales-poll': '*/15 * * * *',
    })

    const usual = apiProcess(sql, undefined, loadConfig({}).salesPollMinutes)
    await usual.jobs.start()
    await usual.jobs.stop()
    expect(await polls()).toEqual({
      'ebay-sales-poll': '*/15 * * * *',
      'etsy-sales-poll': '*/15 * * * *',
      'shopify-sales-poll': '*/15 * * * *',
    })
  })
})
