// Durable background jobs in Postgres with pg-boss, over our own postgres.js connection: no second driver, and
// embedded PGlite (one session) works as a server does. A job is a row, so it survives a restart; a worker takes it
// with SKIP LOCKED, so one process runs it however many there are; a failure is logged with the job's name and id
// (never its data) and retried as the job's policy says. Which jobs there are is api/services/job-registry.ts's.
import PgBoss from 'pg-boss'
import type { Sql, Tx } from '../db/client.ts'
import { isJobFinished, markJobFinished } from '../db/finished-jobs.ts'
import type { RetryPolicy } from './job-retry.ts'

export interface JobInfo {
  id: string
  name: string
  /** This is the job's last try: a failure now is final (a handler records that it gave up, in the seller's words). */
  lastTry: boolean
}

export type JobHandler<Data extends object = object> = (data: Data, job: JobInfo) => Promise<unknown>

export interface JobQueueOptions {
  /**
   * Take jobs as they come (a worker per queue, the cron schedules, pg-boss' maintenance). Off in tests and tools,
   * which run what is due with runDue() instead.
   */
  work?: boolean
  /** How often an idle worker looks for jobs another process enqueued (this process's own wake it at once). */
  pollingIntervalSeconds?: number
  /** Where failures are reported: the server log unless a test listens. */
  log?: (message: string) => void
  /**
   * Every job's expiry, over its own (JOB_EXPIRE_SECONDS): a job whose process was killed is retried this long after
   * it started, looked for at least as often (pg-boss' maintenance, every 2 minutes otherwise).
   */
  expireInSeconds?: number
}

/** One background job of the app (api/services/job-registry.ts lists them all). */
export interface JobDefinition<Data extends object = object> {
  name: string
  handler: JobHandler<Data>
  /** Cron, UTC: the job is also enqueued every time it comes round, once across all processes. */
  schedule?: string
  retry: RetryPolicy
}

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>

// pg-boss' insert of several jobs at once (a cron schedule's, among others).
const JSON_ROWS = /json_to_recordset\(\$1\)/

// pg-boss runs its migrations and maintenance as one text that opens and commits a transaction itself.
const OWN_TRANSACTION = /^\s*BEGIN;/i

/** pg-boss' db interface over postgres.js, answering in node-postgres' shape ({ rows }). */
function executeSqlOn(sql: Sql | Tx): ExecuteSql {
  return async (text, values = []) => {
    // postgres.js refuses undefined; node-postgres, whom pg-boss was written for, sends it as null.
    const parameters = values.map((value) => value ?? null) as never[]
    // pg-boss hands its insert of several jobs (how cron schedules enqueue) their JSON as text, for json_to_recordset($1);
    // postgres.js encodes a json parameter itself, so the text would arrive as one JSON string ("cannot call
    // json_to_recordset on a scalar") and no scheduled job would ever be enqueued.
    if (JSON_ROWS.test(text) && typeof parameters[0] === 'string') parameters[0] = JSON.parse(parameters[0]) as never
    // A transaction must stay on one connection of the pool: postgres.js refuses BEGIN outside a reserved one.
    const reserved = OWN_TRANSACTION.test(text) && 'reserve' in sql ? await sql.reserve() : undefined
    try {
      const result = await (reserved ?? sql).unsafe(text, parameters)
      // Several statements (pg-boss' locked maintenance, whose answer it does not read) give one result each.
      const several = result.count === undefined && Array.isArray(result[0])
      return { rows: several ? (result.at(-1) as unknown as unknown[]) : Array.from(result) }
    } finally {
      reserved?.release()
    }
  }
}

/** pg-boss' tables live beside the app's: in pgboss, or in <schema>_jobs when the app runs in a schema of its own (tests). */
export async function jobSchemaFor(sql: Sql): Promise<string> {
  const [row] = await sql<{ schema: string }[]>`select current_schema() as schema`
  return row!.schema === 'public' ? 'pgboss' : `${row!.schema}_jobs`
}

const DEADLOCK = '40P01'

/**
 * Creates the queue unless it exists. Two processes creating one queue at once deadlock in pg-boss 10 (the new
 * partition's foreign key to the queue table against the other's insert there); Postgres ends one of them, whose next
 * look finds the queue made.
 */
async function ensureQueue(boss: PgBoss, { name, retry: own }: JobDefinition, expireInSeconds?: number): Promise<void> {
  const retry = expireInSeconds ? { ...own, expireInSeconds } : own
  let queue: PgBoss.QueueResult | null
  for (let attempt = 1; !(queue = await boss.getQueue(name)); attempt += 1) {
    try {
      await boss.createQueue(name, { name, ...retry })
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt === 3) throw error
    }
  }
  // A queue keeps the policy it was made with, and its jobs take theirs from it: a changed policy is written over.
  const keys = Object.keys(retry) as (keyof RetryPolicy)[]
  if (keys.some((key) => queue[key] !== retry[key])) await boss.updateQueue(name, { name, ...retry })
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export interface JobQueue {
  /** Names a job, what runs it, when it runs by itself and how it is retried; once per name, before start(). */
  define<Data extends object>(job: JobDefinition<Data>): void
  /** Creates pg-boss' tables when missing, the queues and schedules, and starts the workers. */
  start(): Promise<void>
  /**
   * Stores the job (it is then safe from a crash) and wakes this process's worker for it; returns its id. With
   * startAfterSeconds it becomes due that much later (and the worker is not woken). Of the jobs due in a queue, those
   * of higher priority run first (0 unless given), then the oldest.
   */
  send(name: string, data: object, options?: { startAfterSeconds?: number; priority?: number }): Promise<string>
  /**
   * Stores the job inside the caller's transaction, so it exists exactly when what it is for was committed. The
   * queue must have started (a server starts it at listen): before that, the job is sent once the queue has, apart
   * from the transaction (on PGlite the transaction holds the one connection starting would need).
   */
  sendInTransaction(tx: Tx, name: string, data: object): Promise<void>
  /** Several jobs of one queue as sendInTransaction stores one, in one statement; each with its priority (send). */
  sendManyInTransaction(tx: Tx, name: string, jobs: { data: object; priority?: number }[]): Promise<void>
  /**
   * Runs every job that is due now, one after another, until none is left (tests, without polling). First pg-boss'
   * maintenance, which a worker-less queue does not run otherwise: jobs whose process died mid-run become due again.
   */
  runDue(): Promise<void>
  /** Lets running jobs finish (up to 10 s), then stops taking new ones; what is queued waits for the next start. */
  stop(): Promise<void>
}

export function createJobQueue(
  sql: Sql,
  {
    work = true,
    pollingIntervalSeconds = 2,
    log = (message: string) => console.error(message),
    expireInSeconds,
  }: JobQueueOptions = {},
): JobQueue {
  const definitions = new Map<string, JobDefinition>()
  const workerIds = new Map<string, string>()
  let boss: PgBoss | undefined
  let starting: Promise<PgBoss> | undefined

  async function run(handler: JobHandler, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    try {
      await handler(job.data, { id: job.id, name: job.name, lastTry: job.retryCount >= job.retryLimit })
    } catch (error) {
      log(
        `Background job ${job.name} ${job.id} failed (it is retried with back-off until its tries run out): ${reasonOf(error)}`,
      )
      throw error
    }
  }

  async function open(): Promise<PgBoss> {
    const instance = new PgBoss({
      db: { executeSql: executeSqlOn(sql) },
      schema: await jobSchemaFor(sql),
      supervise: work,
      schedule: work,
      // pg-boss looks for a due schedule every 30 s by default, so a sales poll due each minute could start up to half
      // a minute late, and a sale wait that much longer to end the item elsewhere (the crosslist bench's slowest).
      cronMonitorIntervalSeconds: 5,
      ...(expireInSeconds && expireInSeconds < 120 ? { maintenanceIntervalSeconds: expireInSeconds } : {}),
    })
    instance.on('error', (error) => log(`Background jobs: ${reasonOf(error)}`))
    await instance.start()
    try {
      for (const job of definitions.values()) {
        await ensureQueue(instance, job, expireInSeconds)
        if (job.schedule) await instance.schedule(job.name, job.schedule)
      }
      if (work) {
        for (const { name, handler } of definitions.values()) {
          const options = { pollingIntervalSeconds, includeMetadata: true as const }
          const workerId = await instance.work<object>(name, options, async ([job]) => {
            try {
              await run(handler, job!)
            } finally {
              // pg-boss 10 waits a polling interval after every job, even with more due: a queue of 20 jobs another
              // process sent took 40 s. Asked again at once instead; a look that finds none waits as usual.
              const id = workerIds.get(name)
              if (id) instance.notifyWorker(id)
            }
          })
          workerIds.set(name, workerId)
        }
      }
    } catch (error) {
      // Its timers stopped, so the next try starts clean.
      await instance.stop({ graceful: false, close: false })
      throw error
    }
    boss = instance
    return instance
  }

  // A start that failed (the database away) is tried again by the next call rather than remembered.
  const started = () =>
    (starting ??= open().catch((error: unknown) => {
      starting = undefined
      throw error
    }))

  return {
    define<Data extends object>(job: JobDefinition<Data>): void {
      if (definitions.has(job.name)) throw new Error(`Background job ${job.name} is defined twice`)
      definitions.set(job.name, job as unknown as JobDefinition)
    },

    start: async (): Promise<void> => void (await started()),

    async send(
      name: string,
      data: object,
      { startAfterSeconds, priority }: { startAfterSeconds?: number; priority?: number } = {},
    ): Promise<string> {
      const instance = await started()
      const id = await instance.send(name, data, {
        ...(startAfterSeconds ? { startAfter: Math.ceil(startAfterSeconds) } : {}),
        ...(priority ? { priority } : {}),
      })
      if (!id) throw new Error(`Background job ${name} could not be enqueued: no such queue`)
      const workerId = workerIds.get(name)
      if (workerId) instance.notifyWorker(workerId)
      return id
    },

    async sendInTransaction(tx: Tx, name: string, data: object): Promise<void> {
      if (!boss) {
        void this.send(name, data).catch((error: unknown) =>
          log(`Background job ${name} could not be enqueued: ${reasonOf(error)}`),
        )
        return
      }
      const id = await boss.send(name, data, { db: { executeSql: executeSqlOn(tx) } })
      if (!id) throw new Error(`Background job ${name} could not be enqueued: no such queue`)
      const workerId = workerIds.get(name)
      if (workerId) boss.notifyWorker(workerId)
    },

    async sendManyInTransaction(tx: Tx, name: string, jobs: { data: object; priority?: number }[]): Promise<void> {
      if (!boss) {
        for (const { data, priority } of jobs) {
          void this.send(name, data, { priority }).catch((error: unknown) =>
            log(`Background job ${name} could not be enqueued: ${reasonOf(error)}`),
          )
        }
        return
      }
      await boss.insert(
        jobs.map(({ data, priority }) => ({ name, data, ...(priority ? { priority } : {}) })),
        { db: { executeSql: executeSqlOn(tx) } },
      )
      const workerId = workerIds.get(name)
      if (workerId) boss.notifyWorker(workerId)
    },

    async runDue(): Promise<void> {
      const instance = await started()
      await instance.maintain()
      for (const { name, handler } of definitions.values()) {
        const next = () => instance.fetch<object>(name, { includeMetadata: true })
        for (let [job] = await next(); job; [job] = await next()) {
          try {
            await run(handler, job)
            await instance.complete(name, job.id)
          } catch (error) {
            await instance.fail(name, job.id, { message: reasonOf(error) })
          }
        }
      }
    },

    async stop(): Promise<void> {
      if (!starting) return
      await starting.catch(() => undefined)
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false })
    },
  }
}

/**
 * The handler, run at most once per job as far as we can tell: a retry of a job whose effect already happened (its
 * process died before pg-boss heard it finished) does nothing. What cannot be told apart is a death between the
 * effect and the mark, so an email is sent at least once and, but for that moment, exactly once.
 */
export function oncePerJob<Data extends object>(sql: Sql, handler: JobHandler<Data>): JobHandler<Data> {
  return async (data, job) => {
    if (await isJobFinished(sql, job.id)) return
    await handler(data, job)
    await markJobFinished(sql, job.id)
  }
}
