// A Postgres server of the test's own, in a temporary folder on a free port, that the test may stop and start at
// will: the machine's shared server on 5432 is never touched. Run as root, the Postgres tools run as the postgres
// user (initdb refuses root), in a folder that user owns.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'
const asRoot = process.getuid?.() === 0

/** Why a private server cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!existsSync(path.join(BIN, 'initdb')) || !existsSync(path.join(BIN, 'pg_ctl'))) {
    return `no initdb and pg_ctl in ${BIN} (install postgresql, or set POSTGRES_BIN)`
  }
  if (asRoot && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser'))
    return 'running as root without runuser to drop to the postgres user'
  return undefined
}

/** 'fast' ends sessions cleanly (57P01 to each); 'immediate' kills them, as a crash would, and recovers on start. */
export type StopMode = 'fast' | 'immediate'

export interface PrivatePostgres {
  url: string
  stop(mode: StopMode): Promise<void>
  start(): Promise<void>
  destroy(): Promise<void>
}

function tool(name: string, args: string[]) {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, name), ...args]]
    : [path.join(BIN, name), args]
  return run(command, commandArgs)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-private-pg-'))
  if (asRoot) await run('chown', ['postgres:', dir])
  const data = path.join(dir, 'data')
  await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  // fsync off: only the server process is stopped, never the machine, so the page cache keeps what it wrote.
  const serverFlags = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const start = () =>
    tool('pg_ctl', ['start', '-D', data, '-w', '-l', path.join(dir, 'server.log'), '-o', serverFlags]).then(() => {})
  const stop = (mode: StopMode) => tool('pg_ctl', ['stop', '-D', data, '-w', '-m', mode]).then(() => {})
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop('immediate').catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}
