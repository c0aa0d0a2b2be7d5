// Importing a power seller's live eBay listings (issue 31, docs/decisions/0037; BENCH_ONLY=import): IMPORT_LISTINGS
// (2,000) live listings on the eBay stand-in, half made with the Inventory API and half on ebay.com, imported by an API
// process (api/server.ts, as deployed) on a Postgres server. The process is SIGKILLed once half are in, started again,
// and the seller imports again (the import goes on from its page); then the seller imports a second time. Reported: the
// time, the eBay calls, and the listings made twice (the goal: none). IMPORT_PACE_MS sets the least time between
// eBay calls (20 here; eBay's own pace in the app is 100), so the time at eBay's pace is the calls times 100 ms.
import postgres from 'postgres'
import { startFakeEbay } from '../fakes/ebay.ts'
import { startFakeSmtp } from '../fakes/smtp.ts'
import {
  apiEnv,
  connectEbay,
  createClient,
  freePort,
  json,
  kill,
  register,
  sleep,
  startApi,
  throwawayDatabase,
  type Api,
  type Call,
} from './api-processes.ts'
import { postgresMode } from './run.ts'

const LISTINGS = Number(process.env.IMPORT_LISTINGS ?? 2000)
const PACE_MS = process.env.IMPORT_PACE_MS ?? '20'
const STALE_SECONDS = 5
const LIMIT_MS = 30 * 60_000

interface Status {
  status: string
  imported: number
  total: number | null
  skipped: number
}

/** Polls the import until `until` holds; answers the last status. */
async function waitFor(call: Call, cookie: string, until: (status: Status) => boolean): Promise<Status> {
  for (const started = Date.now(); Date.now() - started < LIMIT_MS; await sleep(250)) {
    const status = (await json(await call(cookie, 'GET', '/api/ebay/import'))) as unknown as Status
    if (until(status)) return status
  }
  throw new Error('the import did not get there in time')
}

export async function benchImport(): Promise<void> {
  const mode = await postgresMode()
  if (!mode?.databaseUrl) return void console.log('eBay import: skipped, it needs a Postgres server.')
  const fake = await startFakeEbay()
  const smtp = await startFakeSmtp()
  const db = await throwawayDatabase(mode.databaseUrl, 'import')
  const env = {
    ...apiEnv(db, smtp.smtpUrl, fake),
    EBAY_PICTURES_URL: fake.url,
    EBAY_IMPORT_PACE_MS: PACE_MS,
    EBAY_IMPORT_STALE_SECONDS: String(STALE_SECONDS),
  }
  const api: Api = { port: freePort() }
  const check = postgres(db.databaseUrl, { max: 1, onnotice: () => {} })
  // eBay's API calls (Inventory and Trading), not the picture downloads from eBay's picture host.
  const apiCalls = () => fake.calls.filter((call) => !call.startsWith('GET /pictures/')).length
  try {
    await startApi(api, env)
    const call = createClient([api])
    const { cookie } = await register(call)
    const grant = await connectEbay(call, fake, cookie)
    fake.seedLive(grant, { inventory: LISTINGS / 2, trading: LISTINGS / 2, pictures: 1 })
    const callsBefore = apiCalls()

    const started = Date.now()
    await json(await call(cookie, 'POST', '/api/ebay/import'))
    const atKill = await waitFor(call, cookie, (status) => status.imported >= LISTINGS / 2)
    await kill(api)
    const killedAt = Date.now()
    await startApi(api, env)
    // The killed page stops moving; once it has stood still STALE_SECONDS, importing again goes on from it.
    await sleep(STALE_SECONDS * 1000 + 500)
    const resumedAt = Date.now()
    await json(await call(cookie, 'POST', '/api/ebay/import'))
    const first = await waitFor(call, cookie, (status) => status.status !== 'running')
    const firstMs = Date.now() - started - (resumedAt - killedAt)
    const firstCalls = apiCalls() - callsBefore

    const secondStart = Date.now()
    await json(await call(cookie, 'POST', '/api/ebay/import'))
    const second = await waitFor(call, cookie, (status) => status.status !== 'running')
    const secondMs = Date.now() - secondStart
    const secondCalls = apiCalls() - callsBefore - firstCalls

    const [counted] = await check<{ rows: number; items: number; photos: number }[]>`
      select count(*)::int as rows, count(distinct ebay_imported_item_id)::int as items,
        (select count(*)::int from images) as photos
      from listings where ebay_imported_item_id is not null`
    const twice = counted!.rows - counted!.items
    const pass = first.status === 'done' && counted!.items === LISTINGS && twice === 0 && second.status === 'done'
    console.log(
      `\neBay import (BENCH_ONLY=import), ${LISTINGS} live listings (half Inventory API, half ebay.com), ${mode.label}, pace ${PACE_MS} ms`,
    )
    console.log('| run | time | eBay calls | listings | made twice |')
    console.log('|---|---|---|---|---|')
    console.log(
      `| first, SIGKILLed at ${atKill.imported} and resumed | ${(firstMs / 1000).toFixed(1)} s (the ${STALE_SECONDS} s stand-still left out) | ${firstCalls} | ${first.imported} of ${first.total} | ${twice} |`,
    )
    console.log(
      `| second import | ${(secondMs / 1000).toFixed(1)} s | ${secondCalls} | ${second.imported} of ${second.total} | ${twice} |`,
    )
    console.log(
      `Photos copied: ${counted!.photos}. At eBay's pace (100 ms a call) the first run's calls take ${((firstCalls * 100) / 60_000).toFixed(1)} min.`,
    )
    console.log(`${pass ? 'PASS' : 'FAIL'}: every listing once (${counted!.items} of ${LISTINGS}, ${twice} twice)\n`)
  } finally {
    await kill(api)
    await check.end()
    await db.drop()
    await Promise.all([fake.close(), smtp.close()])
  }
}
