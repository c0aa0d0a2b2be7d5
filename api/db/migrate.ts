// Applies api/db/migrations/NNNN_name.sql in order, each once, each in its own transaction, recorded in schema_migrations.
import { readdir, readFile } from 'node:fs/promises'
import type { Sql } from './client.ts'

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url)
// Any constant works; it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK_KEY = 727_001

export async function migrate(sql: Sql): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort()
  return sql.begin(async (tx) => {
    // Two API processes starting at once must not both apply the same migration.
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`
    await tx`create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`
    const done = new Set(
      (await tx<{ version: string }[]>`select version from schema_migrations`).map((row) => row.version),
    )
    const applied: string[] = []
    for (const file of files.filter((name) => !done.has(name))) {
      await tx.unsafe(await readFile(new URL(file, MIGRATIONS_DIR), 'utf8')).simple()
      await tx`insert into schema_migrations (version) values (${file})`
      applied.push(file)
    }
    return applied
  })
}
