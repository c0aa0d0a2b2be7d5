// A data folder of the app's server with every migration applied, made once per test run by the suites' global setups
// (vitest's database-templates.ts, the browser suite's global-setup.ts) and copied for each server a test starts in its
// own process (server-process.ts, the browser suite's crash test). A server on an empty folder runs initdb and every
// migration before it listens: 8-17 s beside the other suites on a 2-core machine, against 3-7 s on a copy (copying
// its 40 MB takes a quarter of a second). The folder is made in a process of its own while the first tests run, so
// the run does not wait for it unless a server test comes first.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Names the folder the template is made in: set by startDataTemplate, read by the test processes it starts. */
export const DATA_TEMPLATE_ENV = 'SNAPLIST_DATA_TEMPLATE'

/** Where make-data-template.ts puts the folder once it is whole, or why it could not. */
export const READY = 'data'
export const FAILED = 'failed.txt'
const WAIT_MS = 120_000

/**
 * Global setup: starts making the template and returns at once; what it returns removes it at the end of the run. From
 * a dump of a migrated data folder (database-templates.ts's) when there is one, which is quicker than initdb.
 */
export function startDataTemplate(dump?: string): () => Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'snaplist-data-template-'))
  const args = [fileURLToPath(new URL('./make-data-template.ts', import.meta.url)), root, ...(dump ? [dump] : [])]
  const maker = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  process.env[DATA_TEMPLATE_ENV] = root
  return async () => {
    maker.kill()
    rmSync(root, { recursive: true, force: true })
  }
}

/**
 * A new data folder for a server: a copy of the run's template once it is made, or an empty one where no global setup
 * made a template (the benches), in which the server runs initdb and every migration itself.
 */
export async function newDataDir(prefix = 'snaplist-server-'): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  const root = process.env[DATA_TEMPLATE_ENV]
  if (!root) return dir
  const started = Date.now()
  while (!existsSync(path.join(root, READY))) {
    if (existsSync(path.join(root, FAILED)))
      throw new Error(`The migrated data folder could not be made:\n${readFileSync(path.join(root, FAILED), 'utf8')}`)
    if (Date.now() - started > WAIT_MS) throw new Error(`No migrated data folder in ${root} after ${WAIT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  cpSync(path.join(root, READY), dir, { recursive: true })
  return dir
}
