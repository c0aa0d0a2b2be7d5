// Two API processes (api/server.ts, as deployed) on one Postgres server, one of them SIGKILLed again and again while
// sellers edit live eBay listings, items sell on eBay and new sellers sign up (BENCH_ONLY=lifecycle). Afterwards:
// every sale applied exactly once (quantities and Sold match eBay's orders, no piece sold beyond the stock), every
// committed edit on eBay with none sent twice, and every email delivered. LIFECYCLE_SECONDS (default 120) of load, a
// kill every 15 s; then it waits for the jobs of killed processes to be retried (pg-boss expires a job whose process
// died after 5 minutes, or JOB_EXPIRE_SECONDS: npm run test:all runs 40 s of load with 20).
import { randomInt, randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { startFakeSmtp } from '../fakes/smtp.ts'
import { listingIdOfSku } from '../helpers/ebay-sku.ts'
import { photoForm, solidJpeg } from '../helpers/images.ts'
import {
  apiEnv,
  connectEbay,
  createClient,
  freePort,
  json,
  kill,
  register as signUp,
  sleep,
  startApi,
  throwawayDatabase,
  type Api,
} from './api-processes.ts'
import { postgresMode } from './run.ts'

const LOAD_SECONDS = Number(process.env.LIFECYCLE_SECONDS ?? 120)
const KILL_EVERY_MS = 15_000
const SELLERS = 6
const LISTINGS_PER_SELLER = 2
const QUANTITY = 4
const SETTLE_LIMIT_MS = 9 * 60_000
const JACKET = {
  title: 'Denim trucker jacket',
  brand: "Levi's",
  size: 'M',
  sizeType: 'Regular',
  department: 'Men',
  color: 'blue',
  price: 45,
  askingPrice: 30,
  category: 'clothing',
}

export async function benchLifecycleKills(): Promise<void> {
  const mode = await postgresMode()
  if (!mode?.databaseUrl)
    return void console.log(
      'eBay lifecycle kill run: skipped, it needs a Postgres server (two processes on one database).',
    )
  const fake = await startFakeEbay()
  const smtp = await startFakeSmtp()
  const db = await throwawayDatabase(mode.databaseUrl, 'lifecycle')
  const env = apiEnv(db, smtp.smtpUrl, fake)
  const apis: Api[] = [{ port: freePort() }, { port: freePort() }]
  const started = Date.now()
  try {
    for (const api of apis) await startApi(api, env)
    const { lines, passed } = await run(fake, apis, env, smtp.messages, db.databaseUrl)
    console.log('\n== eBay lifecycle with an API process SIGKILLed repeatedly (two processes, one Postgres server) ==')
    for (const line of lines) console.log(line)
    // npm run test:all runs a short version of it (scripts/test.mjs): a FAIL fails it.
    if (!passed) process.exitCode = 1
    console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s in all`)
  } finally {
    for (const api of apis) await kill(api)
    await db.drop()
    await smtp.close()
    await fake.close()
  }
}

interface Seller {
  cookie: string
  grant: string
  listings: { id: number; images: string[]; version: number; lastTitle: string | null; edits: number }[]
}

async function run(
  fake: FakeEbay,
  apis: Api[],
  env: NodeJS.ProcessEnv,
  mail: { to: string[]; subject: string }[],
  databaseUrl: string,
): Promise<{ lines: string[]; passed: boolean }> {
  const call = createClient(apis)
  const registered: string[] = []

  async function register(): Promise<string> {
    const { cookie, email } = await signUp(call)
    registered.push(email)
    return cookie
  }

  async function seller(): Promise<Seller> {
    const cookie = await register()
    const grant = await connectEbay(call, fake, cookie)
    const listings = []
    for (let index = 0; index < LISTINGS_PER_SELLER; index += 1) {
      const photo = (await json(
        await call(
          cookie,
          'POST',
          '/api/images',
          photoForm(await solidJpeg({ r: randomInt(256), g: randomInt(256), b: 90 }), { id: randomUUID() }),
        ),
      )) as { imageUrl: string }
      const listing = (await json(
        await call(cookie, 'POST', '/api/listings', {
          ...JACKET,
          quantity: QUANTITY,
          images: [photo.imageUrl],
          clientId: randomUUID(),
        }),
      )) as { id: number; version: number }
      await json(
        await call(cookie, 'POST', `/api/listings/${listing.id}/post-to-ebay`, {
          aspects: { Type: 'Jacket' },
          postalCode: '95125',
        }),
      )
      listings.push({ id: listing.id, images: [photo.imageUrl], version: listing.version, lastTitle: null, edits: 0 })
    }
    return { cookie, grant, listings }
  }

  const sellers = await Promise.all(Array.from({ length: SELLERS }, seller))
  let loading = true
  let kills = 0
  let conflicts = 0
  let editCount = 0

  /** The seller edits one listing: a new title each time, against the version they last saw (a sale raises it: 409). */
  async function editLoop(who: Seller) {
    for (let round = 0; loading; round += 1) {
      const listing = who.listings[round % who.listings.length]!
      // Unique per attempt: an edit whose reply was lost and is made again later is another edit, with its own title.
      editCount += 1
      const title = `${JACKET.title} ${listing.id}-${editCount}`
      const current = (await json(await call(who.cookie, 'GET', '/api/listings'))) as unknown as {
        id: number
        version: number
        quantity: number
      }[]
      const now = current.find((entry) => entry.id === listing.id)!
      if (now.quantity === 0) continue
      const response = await call(who.cookie, 'PATCH', `/api/listings/${listing.id}`, {
        ...JACKET,
        quantity: now.quantity,
        images: listing.images,
        title,
        version: now.version,
      })
      if (response.status === 200) {
        listing.edits += 1
        listing.lastTitle = title
      } else if (response.status === 409) conflicts += 1
      await sleep(300 + randomInt(700))
    }
  }

  /** The SKU publishing gave the listing on this seller's eBay (api/services/ebay/sku.ts), as the stand-in holds it. */
  const skuOf = (grant: string, listingId: number) =>
    [...fake.inventory(grant).offers.values()]
      .map((offer) => offer.sku)
      .find((sku) => listingIdOfSku(sku) === listingId) ?? `unpublished${listingId}`
  const orders: { sku: string; quantity: number }[] = []
  async function saleLoop() {
    while (loading) {
      await sleep(1500)
      const who = sellers[randomInt(sellers.length)]!
      const listing = who.listings[randomInt(who.listings.length)]!
      const item = fake.inventory(who.grant).items.get(skuOf(who.grant, listing.id)) as
        { availability: { shipToLocationAvailability: { quantity: number } } } | undefined
      // Each seller's second listing keeps its last piece, so edits of live listings are checked to the end too (a
      // sold-out listing has ended on eBay, whose later changes are no revisions there).
      const keep = listing === who.listings[1] ? 1 : 0
      if (!item || item.availability.shipToLocationAvailability.quantity <= keep) continue
      try {
        fake.sellItem(who.grant, skuOf(who.grant, listing.id), 1)
        orders.push({ sku: skuOf(who.grant, listing.id), quantity: 1 })
      } catch {
        // Not live just now (withdrawn by a sale of its last piece): nothing to sell.
      }
    }
  }

  async function signUpLoop() {
    while (loading) {
      await register()
      await sleep(2500)
    }
  }

  async function killLoop() {
    for (let index = 0; loading; index += 1) {
      await sleep(KILL_EVERY_MS)
      if (!loading) break
      const victim = apis[index % apis.length]!
      await kill(victim)
      kills += 1
      await sleep(1500)
      await startApi(victim, env)
    }
  }

  const loops = [...sellers.map(editLoop), saleLoop(), signUpLoop(), killLoop()]
  await sleep(LOAD_SECONDS * 1000)
  loading = false
  await Promise.all(loops)

  // Settling: the jobs of killed processes come due again (pg-boss' expiry), sales are read every minute.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const settleStarted = Date.now()
  const expectedMail = registered.length * 2
  let state: { applied: number; unsent: number; mail: number }
  for (;;) {
    const [row] = await sql<{ applied: number; unsent: number }[]>`
      select (select count(*)::int from ebay_orders) as applied, (select count(*)::int from listing_places where marketplace = 'ebay' and revision_requested > revision_sent) as unsent`
    state = { applied: row!.applied, unsent: row!.unsent, mail: mail.length }
    if (
      (state.applied >= orders.length && state.unsent === 0 && state.mail >= expectedMail) ||
      Date.now() - settleStarted > SETTLE_LIMIT_MS
    )
      break
    await sleep(5000)
  }
  const settleSeconds = (Date.now() - settleStarted) / 1000

  // Sales: each listing's quantity is what it started with less what sold, Sold at none left.
  const listings = await sql<
    { id: number; quantity: number; soldOut: boolean; title: string; oversold: number }[]
  >`select id, quantity, sold_out as "soldOut", title, (select count(*)::int from marketplace_sales s where s.listing_id = listings.id and s.short > 0) as oversold from listings`
  // A piece sold beyond the stock (decision 0030): no revision may raise what eBay sells, so there must be none.
  const oversold = listings.reduce((sum, listing) => sum + listing.oversold, 0)
  let quantityMismatches = 0
  for (const listing of listings) {
    const sold = orders
      .filter((order) => listingIdOfSku(order.sku) === listing.id)
      .reduce((sum, order) => sum + order.quantity, 0)
    const expected = QUANTITY - sold
    if (listing.quantity !== expected || (expected === 0) !== listing.soldOut) {
      quantityMismatches += 1
      console.log(
        `  listing ${listing.id}: quantity ${listing.quantity} ${listing.soldOut ? 'sold' : 'not sold'}, expected ${expected} (${sold} sold on eBay)`,
      )
    }
  }
  // Edits: eBay ends with each listing's last committed title; no title reached eBay twice; item and offer in pairs.
  let notOnEbay = 0
  let sentTwice = 0
  let unpaired = 0
  let revisions = 0
  // bulkUpdatePriceQuantity: a count lowered at once after a sale landed under a revision's write (decision 0030).
  let lowered = 0
  let edits = 0
  for (const who of sellers) {
    const sent = fake.sell.revisions.get(who.grant) ?? []
    for (const listing of who.listings) {
      edits += listing.edits
      const mine = sent.filter((revision) => revision.sku === skuOf(who.grant, listing.id))
      const items = mine.filter((revision) => revision.call === 'inventory_item').map((revision) => revision.title)
      const offers = mine.filter((revision) => revision.call === 'offer')
      revisions += offers.length
      lowered += mine.filter((revision) => revision.call === 'quantity').length
      sentTwice += items.length - new Set(items).size
      // Every revision ends with the offer for the item just sent (an item superseded before its offer went is not one).
      // Only a live listing's changes are revisions on eBay, so a sold-out one is checked by its stored item alone.
      const live = [...fake.inventory(who.grant).offers.values()].some(
        (offer) => offer.sku === skuOf(who.grant, listing.id) && offer.status === 'PUBLISHED',
      )
      if (
        live &&
        listing.lastTitle &&
        (offers.at(-1)?.title !== listing.lastTitle || items.at(-1) !== listing.lastTitle)
      )
        unpaired += 1
      const onEbay = (
        fake.inventory(who.grant).items.get(skuOf(who.grant, listing.id)) as { product: { title: string } }
      ).product.title
      if (listing.lastTitle && onEbay !== listing.lastTitle) notOnEbay += 1
    }
  }
  const delivered = new Set(mail.map((message) => `${message.to.join(',')}|${message.subject}`)).size
  await sql.end()
  const passed =
    state.applied === orders.length &&
    quantityMismatches === 0 &&
    oversold === 0 &&
    notOnEbay === 0 &&
    sentTwice === 0 &&
    unpaired === 0 &&
    delivered >= expectedMail
  const lines = [
    `load ${LOAD_SECONDS} s, ${kills} SIGKILLs (one process every ${KILL_EVERY_MS / 1000} s, restarted 1.5 s later); settled ${settleSeconds.toFixed(0)} s after`,
    `sales: ${orders.length} orders on eBay, ${state.applied} applied (each once: ebay_orders is keyed by order id), listings whose quantity or Sold is off: ${quantityMismatches} of ${listings.length}, orders beyond the stock: ${oversold}, counts lowered after a sale under a write: ${lowered}`,
    `edits: ${edits} committed (${conflicts} refused 409 after a sale changed the listing), ${revisions} revisions sent (quick edits coalesced), listings whose last edit is not on eBay: ${notOnEbay}, a title sent twice: ${sentTwice}, last edit of a live listing without its offer call: ${unpaired}`,
    `emails: ${expectedMail} expected (${registered.length} sign-ups × welcome + confirmation), ${delivered} delivered, ${mail.length - delivered} duplicates, lost: ${Math.max(0, expectedMail - delivered)}`,
    `verdict: ${passed ? 'PASS' : 'FAIL'}`,
  ]
  return { lines, passed }
}
