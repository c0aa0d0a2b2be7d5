// Starts server.ts as a child process and stops or kills it: one fresh server per API measurement, a restartable one
// over kept state for the fault runs, a long-lived one for the soak.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { DATABASE_URL_ENV, PORT_ENV, STATE_DIR_ENV, type ReadyMessage, type ServerMessage } from './protocol.ts'

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 15_000

export interface LaunchOptions {
  /** A Postgres server; absent means PGlite. */
  databaseUrl?: string
  /** Keep the database and photos here, across restarts, instead of a temporary folder removed at exit. */
  stateDir?: string
  /** Listen here (a restarted server keeps its address); absent means any free port. */
  port?: number
}

export interface BenchServer extends ReadyMessage {
  child: ChildProcess
  origin: string
  /** SIGTERM: the server cleans up what it made. */
  stop(): Promise<void>
  /** SIGKILL: nothing runs, as when the machine's OOM killer or a crash ends it. */
  kill(): Promise<void>
}

function waitForReady(child: ChildProcess): Promise<ReadyMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not become ready in time')), READY_TIMEOUT_MS)
    child.once('message', (message: ServerMessage) => {
      clearTimeout(timer)
      if (message.type === 'ready') resolve(message)
      else reject(new Error(`the bench server failed to start:\n${message.error}`))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the bench server exited (code ${code}) before it was ready`))
    })
  })
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

async function stopChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => {
    console.error(
      '!! The bench server did not stop in time and was killed; a snaplist_bench_* database may be left behind.',
    )
    child.kill('SIGKILL')
  }, STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}

async function killChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

export async function launchServer({ databaseUrl, stateDir, port }: LaunchOptions = {}): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [DATABASE_URL_ENV]: databaseUrl,
    [STATE_DIR_ENV]: stateDir,
    [PORT_ENV]: port?.toString(),
  }
  for (const name of [DATABASE_URL_ENV, STATE_DIR_ENV, PORT_ENV]) if (env[name] === undefined) delete env[name]
  // The product's own stdout (e.g. mail it could not send at sign-up) is not part of the report; stderr still shows.
  const child = fork(SERVER_ENTRY, [], {
    // --expose-gc: the memory route collects before it measures.
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  try {
    const ready = await waitForReady(child)
    return {
      ...ready,
      child,
      origin: `http://127.0.0.1:${ready.port}`,
      stop: () => stopChild(child),
      kill: () => killChild(child),
    }
  } catch (error) {
    await killChild(child)
    throw error
  }
}

/** Runs use against a fresh server, stopped afterwards whatever happens. */
export async function withServer<T>(options: LaunchOptions, use: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await launchServer(options)
  try {
    return await use(server)
  } finally {
    await server.stop()
  }
}
