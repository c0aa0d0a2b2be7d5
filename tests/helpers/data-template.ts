// A data folder of the app's server with every migration applied, made once per test run by the suites' global setups
// (vitest's database-templates.ts, the browser suite's global-setup.ts) and copied for each server a test starts in its
// own process (server-process.ts, the browser suite's crash test). A server on an empty folder runs initdb and every
// migration before it listens: 8-17 s beside the other suites on a 2-core machine, against 3-7 s on a copy (copying
// its 40 MB takes a quarter of a second). The folder is made in a process of its own while the first tests run (or when
// the first test asks for it), so the run does not wait for it unless a server test comes first.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Names the folder the template is made in: set by startDataTemplate, read by the test processes it starts. */
export const DATA_TEMPLATE_ENV = 'SNAPLIST_DATA_TEMPLATE'

/** Where make-data-template.ts puts the folder once it is whole, or why it could not. */
export const READY = 'data'
export const FAILED = 'failed.txt'
const WAIT_MS = 120_000

/** Kept in the template's folder by whoever started making it, so that the end of the run can stop it. */
const MAKER_PID = 'maker.pid'

function tryKill(pid: number) {
  try {
    process.kill(pid, 'SIGTERM')
  } catch {
    // ESRCH: it has finished.
  }
}

/** Starts making the template in `root` (from `dump` when given), once per run: the first to claim it makes it. */
function makeOnce(root: string, dump?: string) {
  try {
    mkdirSync(path.join(root, 'claimed'))
  } catch {
    return
  }
  const args = [fileURLToPath(new URL('./make-data-template.ts', import.meta.url)), root, ...(dump ? [dump] : [])]
  const maker = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'ignore', 'inherit'] })
  writeFileSync(path.join(root, MAKER_PID), String(maker.pid))
}

/**
 * Global setup: names the template's folder for the run; what it returns stops the making and removes the folder at
 * the end. The template is made at once (from a dump of a migrated data folder, database-templates.ts's, which is
 * quicker than initdb), or, `onDemand`, by the first test that asks for a data folder: a browser run whose specs start
 * no server of their own (the walks) makes none.
 */
export function startDataTemplate(dump?: string, { onDemand = false } = {}): () => Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'snaplist-data-template-'))
  process.env[DATA_TEMPLATE_ENV] = root
  if (!onDemand) makeOnce(root, dump)
  return async () => {
    const pid = Number(readFileSync(path.join(root, MAKER_PID), { encoding: 'utf8', flag: 'a+' }))
    // Gone already once the template is whole.
    if (pid) tryKill(pid)
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
  makeOnce(root)
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
