// The Postgres server's side of the API suites (TEST_DB=postgres): each test file gets a database of its own, copied
// from one migrated once per run (CREATE DATABASE … TEMPLATE, about 0.2 s, where migrating a new one took 1-2 s on a
// loaded machine), and dropped after it.
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDatabase, type Database } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'

/** The server's URL with another database's name in it. */
export function urlOfDatabase(url: string, name: string): string {
  const own = new URL(url)
  own.pathname = `/${name}`
  return own.href
}

async function asAdmin<T>(url: string, work: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

async function dropDatabase(url: string, name: string): Promise<void> {
  await asAdmin(url, (admin) => admin`drop database if exists ${admin(name)} with (force)`)
}

/** Vitest's global setup: a migrated database to copy, named after the run's own; dropped by the function it answers. */
export async function createMigratedTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `${new URL(url).pathname.slice(1)}_template`
  await dropDatabase(url, name)
  await asAdmin(url, (admin) => admin`create database ${admin(name)}`)
  const db = await openDatabase({ databaseUrl: urlOfDatabase(url, name), max: 1 })
  try {
    await migrate(db.sql)
  } finally {
    await db.close()
  }
  return { name, drop: () => dropDatabase(url, name) }
}

/**
 * A new database for one test file, copied from the template (empty with none: the caller migrates it either way), with
 * what connects to it again (another API process) and what drops it.
 */
export async function serverTestDatabase(url: string, template: string | undefined) {
  const name = `test_${randomBytes(6).toString('hex')}`
  await asAdmin(url, (admin) =>
    template
      ? admin`create database ${admin(name)} template ${admin(template)}`
      : admin`create database ${admin(name)}`,
  )
  const own = urlOfDatabase(url, name)
  const db = await openDatabase({ databaseUrl: own, max: 4 })
  return {
    db,
    connectAgain: (): Promise<Database> => openDatabase({ databaseUrl: own, max: 4 }),
    async drop() {
      await db.close()
      await dropDatabase(url, name)
    },
  }
}
