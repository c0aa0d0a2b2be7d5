// npm run user:admin -- <username>: makes an existing account an administrator (and voids the setup codes).
import { openDatabase } from '../api/db/client.ts'
import { migrate } from '../api/db/migrate.ts'
import { loadConfig, loadDotEnv } from '../api/env.ts'
import { promoteToAdmin } from '../api/services/accounts/admin-setup.ts'

const username = process.argv[2]
if (!username) {
  console.error('Usage: npm run user:admin -- <username>')
  process.exit(2)
}
loadDotEnv()
const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` })
try {
  await migrate(database.sql)
  const user = await promoteToAdmin(database.sql, username)
  if (!user) {
    console.error(`No account is named "${username}". Check the spelling, or register it first.`)
    process.exitCode = 1
  } else {
    console.log(`${user.username} is now an administrator.`)
  }
} finally {
  await database.close()
}
