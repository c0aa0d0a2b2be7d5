// Starts Snaplist: opens the database (embedded unless DATABASE_URL), migrates, serves the API and the built app.
import { mkdir } from 'node:fs/promises'
import { createServer as createHttpsServer } from 'node:https'
import os from 'node:os'
import { serve } from '@hono/node-server'
import { createApp, type AppType } from './app.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { loadConfig, loadDotEnv } from './env.ts'
import { marketplaceProviders, marketplacesAppDeps } from './services/marketplace-modules.ts'
import { describeMarketplacesEnv } from './services/marketplace-settings.ts'
import { loadOrCreateCertificate } from './services/certificate.ts'
import { issueSetupCode } from './services/accounts/admin-setup.ts'
import { createTokenCipher, loadOrCreateAppSecret } from './services/crypto.ts'
import { createJobQueue } from './services/jobs.ts'
import { loadOrCreateVapidKeys } from './services/push/vapid.ts'
import {
  analyzerFromConfig,
  googleIdentityFromConfig,
  mailTransportFromConfig,
  storageFromConfig,
} from './services/outside.ts'
import { builtApp } from './static.ts'

loadDotEnv()
const config = loadConfig()
await mkdir(config.dataDir, { recursive: true })

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` })
const applied = await migrate(database.sql)
if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
const setupCode = await issueSetupCode(database.sql, config.setupCode)

const jobs = createJobQueue(database.sql, { expireInSeconds: config.jobExpireSeconds })
const tls = config.https ? await loadOrCreateCertificate(config.dataDir) : undefined
const scheme = tls ? 'https' : 'http'
const cipher = createTokenCipher(await loadOrCreateAppSecret(config.dataDir, config.appSecret))
const vapid = await loadOrCreateVapidKeys(config.dataDir, config.push.vapid)

const storage = storageFromConfig(config)
// Checked before the server listens, so a wrong Supabase setting shows in the summary rather than at a seller's upload.
const storageCheck = await storage.check()

/** Builds the app and mounts the built client; links in emails start with appUrl. */
function buildApp(appUrl: string): AppType {
  const dist = builtApp(config.distDir)
  const built = createApp({
    sql: database.sql,
    config: { ...config, appUrl },
    storage,
    analyzer: analyzerFromConfig(config),
    mail: mailTransportFromConfig(config, database.sql),
    jobs,
    google: googleIdentityFromConfig(config),
    marketplaces: { cipher, providers: marketplaceProviders(config) },
    ...marketplacesAppDeps(config),
    photoQuotaBytes: config.photoQuotaBytes,
    analysisConcurrency: config.analysisConcurrency,
    analysisLimits: config.analysisLimits,
    lookupLimits: config.lookupLimits,
    eventStreams: config.eventStreams,
    salesPollMinutes: config.salesPollMinutes,
    inlineStyleHashes: dist.inlineStyleHashes,
    // Push services write to the subject when this server's pushes misbehave: its https address, else its mail sender.
    push: {
      ...config.push,
      vapid,
      subject: appUrl.startsWith('https:') ? appUrl : `mailto:${mailAddressOf(config.mailFrom)}`,
    },
    // Every API process on a Postgres server hears every change; PGlite (one process) reads its log (decision 0034).
    changeFeed: database.kind === 'postgres' ? 'listen' : 'poll',
  })
  dist.mount(built)
  return built
}

/** The bare address of a From like 'Snaplist <no-reply@host>'. */
const mailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from

// Built once the port is known (PORT=0 picks one), so that without PUBLIC_URL links in emails start with the Local
// address printed below. Node emits 'listening' before it accepts any connection, so no request finds it missing.
let app: AppType | undefined
const server = serve(
  {
    fetch: (request, env) => app!.fetch(request, env),
    port: config.port,
    hostname: config.host,
    ...(tls ? { createServer: createHttpsServer, serverOptions: tls } : {}),
  },
  (info) => {
    const local = `${scheme}://localhost:${info.port}`
    app = buildApp(config.publicUrl ?? local)
    // Once the app has named its jobs: what an earlier run left queued (mail promised before a crash) goes out now.
    void jobs.start().catch((error: unknown) => console.error('The background job queue could not start:', error))
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .filter((net) => net && net.family === 'IPv4' && !net.internal)
      .map((net) => `${scheme}://${net!.address}:${info.port}`)
    console.log(
      `Snaplist is running (${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres server'}).`,
    )
    console.log(
      `  Mail:    ${config.smtpUrl ? `SMTP, from ${config.mailFrom}` : `not sent (no SMTP_URL): kept in the mail_outbox table for a day${config.development ? ' and printed here' : ''}`}`,
    )
    if (storageCheck.ok) console.log(`  Photos:  ${storageCheck.summary}`)
    else console.error(`  Photos:  NOT WORKING: ${storageCheck.summary}`)
    console.log(
      `  Links:   emails link to ${config.publicUrl ?? `${local} (set PUBLIC_URL to the address people use)`}`,
    )
    console.log(
      `  Google:  ${config.google ? 'Sign in with Google is on' : 'Sign in with Google is off (no GOOGLE_CLIENT_ID)'}`,
    )
    for (const line of describeMarketplacesEnv(config)) console.log(line)
    console.log(`  Local:   ${local}`)
    for (const address of lan) console.log(`  Network: ${address}`)
    if (!tls && lan.length)
      console.log('  On a phone, start with HTTPS=1 so the app can install and work offline (see README).')
    if (setupCode) {
      console.log('No administrator yet: register with this setup code to become one (it works once).')
      console.log(`Setup code: ${setupCode}`)
    }
  },
)

// An idle kept-alive connection is closed after 65 s rather than Node's 5: longer than a proxy in front keeps its own
// (60 s is common) and than a client waits to reuse one, so none sends a request on a connection the server is
// closing that moment and gets ECONNRESET (the browser suite's request context did, once in CI).
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
}

server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE')
    console.error(`Port ${config.port} is already in use. Stop the program using it, or start with another PORT.`)
  else console.error('The server could not start:', error.message)
  void database.close().finally(() => process.exit(1))
})

async function shutDown(signal: string) {
  console.log(`${signal} received, shutting down.`)
  server.close()
  // A job under way (an email being handed over) finishes; queued ones stay in the database for the next start.
  await jobs.stop()
  await database.close()
  process.exit(0)
}
process.once('SIGINT', () => void shutDown('SIGINT'))
process.once('SIGTERM', () => void shutDown('SIGTERM'))
