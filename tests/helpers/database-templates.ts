// Vitest's global setup: one migrated PGlite database, dumped to a file that each test's new PGlite database is
// loaded from (test-app.ts), and one as initdb leaves it, for the migrations' tests. A new PGlite database runs
// initdb, 2-5 s on a loaded 2-core machine, and a test file may open several; loading a dump is mostly reading its
// files, so the dumps hold only what the tests use: 1 MB write-ahead log segments instead of 16, and no template
// databases (nothing creates a database in PGlite), 42 MB → 13 MB, a start 1.1 s → 0.45 s. With the Postgres
// project running, one migrated database on the server too, which each test file's database is copied from
// (server-test-database.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { startDataTemplate } from './data-template.ts'
import { createMigratedTemplate } from './server-test-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite data folder. */
    pgliteTemplate: string
    /** The file holding a PGlite data folder with no migration applied. */
    pgliteEmpty: string
    /** The migrated database on the Postgres server that test databases are copied from; none without the project. */
    postgresTemplate: string | undefined
  }
}

/** The projects that open no database (vitest.config.ts): a run of only these makes no template. */
const WITHOUT_DATABASE = new Set(['unit', 'components'])

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.vitest.projects.every((running) => WITHOUT_DATABASE.has(running.name))) return async () => {}
  const db = await openDatabase({ pgliteDir: 'memory://', pgliteInitdb: ['--wal-segsize=1'] })
  await db.sql.unsafe(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`)
  await db.sql`drop database template0`
  await db.sql`drop database template1`
  const dir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-pglite-template-'))
  const dumpTo = async (name: string) => {
    await db.sql`checkpoint`
    const file = path.join(dir, name)
    await writeFile(file, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()))
    return file
  }
  project.provide('pgliteEmpty', await dumpTo('empty.tar'))
  await migrate(db.sql)
  const file = await dumpTo('migrated.tar')
  await db.close()
  project.provide('pgliteTemplate', file)
  const url = process.env.DATABASE_URL
  const server = url && project.vitest.projects.some((running) => running.name === 'api-postgres')
  const postgresTemplate = server ? await createMigratedTemplate(url) : undefined
  project.provide('postgresTemplate', postgresTemplate?.name)
  // For the tests that start the server in its own process (server-process.ts): made beside the files that run first.
  const removeDataTemplate = startDataTemplate(file)
  return async () => {
    await removeDataTemplate()
    await postgresTemplate?.drop()
    await rm(dir, { recursive: true, force: true })
  }
}
