// A database as an install upgraded from an earlier Snaplist has it, for a migration's upgrade test: the migrations
// before the one under test applied, the test's rows written in that schema, then the rest applied. On PGlite, and on
// the Postgres server (a schema of its own there) when the run is the server's.
import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { openDatabase, type Database } from '../../api/db/client.ts'

const MIGRATIONS = new URL('../../api/db/migrations/', import.meta.url)

const migrationFiles = async () => (await readdir(MIGRATIONS)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort()

const apply = async (db: Database, file: string) =>
  db.sql.unsafe(await readFile(new URL(file, MIGRATIONS), 'utf8')).simple()

/** A database of the schema just before `migration` (its file name); `upgrade` applies it and every one after it. */
export async function databaseBefore(migration: string): Promise<{ db: Database; upgrade: () => Promise<void> }> {
  const db = await openDatabase(
    process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL, schema: `upgrade_${randomUUID().slice(0, 8)}`, max: 1 }
      : { pgliteDir: 'memory://' },
  )
  const files = await migrationFiles()
  for (const file of files.filter((name) => name < migration)) await apply(db, file)
  return {
    db,
    upgrade: async () => {
      for (const file of files.filter((name) => name >= migration)) await apply(db, file)
    },
  }
}
