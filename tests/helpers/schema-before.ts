// A migration's test starts from the schema before it: a database with every earlier migration applied, on PGlite
// (loaded from the run's empty dump, test-app.ts), or in a schema of its own on the Postgres server when the suite runs
// there and the test asks for it. `apply` runs a migration's file as the server's start would.
import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { openDatabase, type Database } from '../../api/db/client.ts'
import { openEmptyPglite } from './test-app.ts'

const MIGRATIONS = new URL('../../api/db/migrations/', import.meta.url)

export interface SchemaBefore {
  db: Database
  /** Runs one migration's file. */
  apply(file: string): Promise<void>
  /** Runs every migration from this one on, in order, up to the one named `until` (its number will do). */
  applyFrom(file: string, until?: string): Promise<void>
}

const migrationFiles = async () => (await readdir(MIGRATIONS)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort()

/** The database as it was before `migration` (its file name), on the Postgres server too when `onServer`. */
export async function schemaBefore(migration: string, { onServer = false } = {}): Promise<SchemaBefore> {
  const url = onServer && process.env.TEST_DB === 'postgres' ? process.env.DATABASE_URL : undefined
  const db = url
    ? await openDatabase({
        databaseUrl: url,
        schema: `before_${migration.slice(0, 4)}_${randomUUID().slice(0, 8)}`,
        max: 1,
      })
    : await openEmptyPglite()
  const apply = async (file: string) => {
    await db.sql.unsafe(await readFile(new URL(file, MIGRATIONS), 'utf8')).simple()
  }
  const files = await migrationFiles()
  for (const file of files.filter((name) => name < migration)) await apply(file)
  return {
    db,
    apply,
    async applyFrom(file, until) {
      for (const later of files.filter((name) => name >= file && (!until || name < until))) await apply(later)
    },
  }
}
