// The app's real server in its own process, on a free port with a fresh data folder (embedded PGlite), for tests that
// need a setting of their own or must watch the process itself (its memory).
import { spawn, type ChildProcess } from 'node:child_process'
import { newDataDir } from './data-template.ts'

export interface ServerProcess {
  origin: string
  server: ChildProcess
  /** What it printed so far, on stdout and stderr. */
  output(): string
}

/**
 * The time limit of a test that starts the server: the process loads every module and opens its data folder, a copy of
 * the run's migrated one (data-template.ts; without it, initdb and every migration run first); beside the browser suite
 * on a 2-core machine a start from an empty folder took over 30 s (npm test runs them side by side).
 */
export const SERVER_TEST_TIMEOUT_MS = 90_000

/** Starts api/server.ts with these settings over a quiet default environment; resolves once it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await newDataDir()
  const server = spawn('node', ['--import', 'tsx', 'api/server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      GEMINI_API_KEY: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    // Errors stay visible in the test's log as well.
    server.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stderr.write(chunk)
    })
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const port = /Local: +http:\/\/localhost:(\d+)/.exec(output)?.[1]
      if (port) resolve({ origin: `http://localhost:${port}`, server, output: () => output })
    })
    server.once('exit', (code) => reject(new Error(`The server stopped (exit ${code}) before it listened:\n${output}`)))
  })
}
