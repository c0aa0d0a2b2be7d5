// Makes the migrated data folder of data-template.ts in the folder it is given, from a dump of a migrated data folder
// when one is given too: node --import tsx tests/helpers/make-data-template.ts <folder> [dump].
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { FAILED, READY } from './data-template.ts'

/** Makes the template in root: the server's own layout (DATA_DIR/pglite), renamed into place once it is whole. */
async function makeTemplate(root: string, dump?: string) {
  const building = path.join(root, 'building')
  mkdirSync(building)
  const pgliteLoad = dump ? new Blob([readFileSync(dump)]) : undefined
  const db = await openDatabase({ pgliteDir: path.join(building, 'pglite'), pgliteLoad })
  await migrate(db.sql)
  await db.close()
  renameSync(building, path.join(root, READY))
}

const [root, dump] = process.argv.slice(2)
if (!root) throw new Error('Usage: make-data-template.ts <folder> [dump]')
await makeTemplate(root, dump).catch((error: unknown) => {
  writeFileSync(path.join(root, FAILED), error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exitCode = 1
})
