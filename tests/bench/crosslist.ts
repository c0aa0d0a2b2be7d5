// Sold once, everywhere (issue 29), under kills (BENCH_ONLY=crosslist): two API processes (api/server.ts) on one
// Postgres server, one of them SIGKILLed at random, 50 items live on the eBay, Etsy and Shopify stand-ins (all in this
// process; Shopify's orders/paid and orders/cancelled pushed, issue 49), buyers buying on all three at random, some of
// them the same last piece on two at once. Afterwards:
// items still live anywhere after selling out (goal 0); stock changes applied twice (each stand-in sale in
// marketplace_sales exactly once, under its own listing; the listing's quantity its first one less what sold, at least
// 0; both marketplaces' counts the stock left) (goal 0); pieces sold beyond the stock that the seller is not told of
// (marketplace_sales short > 0, the listing's oversoldOrders) (goal 0); and the time from the sale of the last piece to
// the other two marketplaces ending the item (goal: one sales poll, 60 s, plus 10 s; for a sale Etsy pushes, order.paid to
// one of the processes as Etsy delivers it, 10 s). CROSSLIST_SECONDS (default 120) of sales, then it waits for
// everything to settle (a killed process's jobs are retried once JOB_EXPIRE_SECONDS, 20 here, have passed). About 1
// sale in 5 is cancelled on its marketplace 3-15 s later (issue 50: eBay's found by the next read of the seller's
// orders, Etsy's pushed as order.canceled): at the end every item's stock and both marketplaces' counts are its
// pieces less those sold plus those cancelled, each cancelled sale marked cancelled in the ledger once; and the time
// from a cancellation that gave a sold-out item its piece back to the item for sale again on both is reported.
import { randomInt, randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { SHOPIFY_PATHS } from '../../api/contract/shopify/shopify-paths.ts'
import { ETSY_WEBHOOK_PATH } from '../../api/services/etsy/sales-push.ts'
import { SHOPIFY_WEBHOOK_PATH } from '../../api/services/shopify/webhooks.ts'
import { startFakeEbay, type FakeEbay } from '../fakes/ebay.ts'
import { startFakeEtsy, type FakeEtsy } from '../fakes/etsy.ts'
import type { FakeEtsyListing } from '../fakes/etsy-shop.ts'
import { startFakeShopify, type FakeShopify } from '../fakes/shopify.ts'
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
  register,
  sleep,
  startApi,
  throwawayDatabase,
  type Api,
  type Call,
} from './api-processes.ts'
import { postgresMode } from './run.ts'
import { JACKET } from '../helpers/jacket.ts'

const LOAD_SECONDS = Number(process.env.CROSSLIST_SECONDS ?? 120)
const SELLERS = 5
const LISTINGS_PER_SELLER = 10
/** A kill every 10-20 s, of either process; restarted 1.5 s later. */
const KILL_MIN_MS = 10_000
const KILL_SPREAD_MS = 10_000
/** A buyer every 0.5-1.3 s, somewhere. */
const SALE_MIN_MS = 500
const SALE_SPREAD_MS = 800
/** How often a listing's last piece is bought on both marketplaces at once, when it is the last piece. */
const BOTH_AT_ONCE = 0.35
/** How often a sale is cancelled on its marketplace, and how long after it. */
const CANCEL_SHARE = 0.2
const CANCEL_MIN_MS = 3_000
const CANCEL_SPREAD_MS = 12_000
const POLL_SECONDS = 60
const END_GOAL_MS = (POLL_SECONDS + 10) * 1000
/** A cancelled sale's item for sale again on both marketplaces: eBay's cancellation is read by the poll. */
const BACK_GOAL_MS = END_GOAL_MS
/** A sale pushed (Etsy's order.paid, decision 0050; eBay's ORDER_CONFIRMATION, 0051): the other ends it within this. */
const PUSH_GOAL_MS = 10_000
/** The https address eBay delivers to (the stand-in reaches the first process behind it, as a TLS proxy would). */
const PUBLIC_URL = 'https://snaplist.bench'
/** How long the sellers' eBay push subscriptions may take to be made (the sales poll's schedule queues them). */
const SUBSCRIBE_LIMIT_MS = 3 * 60_000
const ETSY_WEBHOOK_SECRET = `whsec_${Buffer.from('the cross-listing bench’s webhook secret').toString('base64')}`
const SETTLE_LIMIT_MS = 9 * 60_000
const ETSY_REDIRECT_URI = 'http://localhost/etsy/auth/success'
// The jacket every selling test lists, with what Etsy also takes (a description, tags).
const ITEM = { ...JACKET, description: 'Light wash, no stains.', keywords: ['denim', 'jacket'] }

const SIDES = ['ebay', 'etsy', 'shopify'] as const
type Side = (typeof SIDES)[number]
const NAMES: Record<Side, string> = { ebay: 'eBay', etsy: 'Etsy', shopify: 'Shopify' }

interface Item {
  id: number
  seller: Seller
  initial: number
  sold: number
  /** Pieces of its sales cancelled on the stand-ins. */
  cancelled: number
  /** A cancellation gave the sold-out item its piece back: when, and when each marketplace sold it again. */
  comingBack?: Comeback
  /** The time each marketplace was first seen not selling it (withdrawn, inactive, sold out), by the watcher. */
  endedAt: Partial<Record<Side, number>>
  /** The sale that took the last piece, and whether the other marketplace sold a piece at the same time. */
  lastPiece?: { side: Side; at: number; both: boolean; sale: StandInSale }
}

interface Seller {
  cookie: string
  grant: string
}

interface StandInSale {
  side: Side
  listingId: number
  /** eBay's order id, Etsy's transaction id, Shopify's line item (gid). */
  saleId: string
  /** Etsy's receipt or Shopify's order, which a cancellation names. */
  receiptId?: number
  at: number
  cancelledAt?: number
}

interface Comeback {
  side: Side
  at: number
  /** When the item was first seen for sale on every marketplace again. */
  backAt?: number
}

export async function benchCrosslist(): Promise<void> {
  const mode = await postgresMode()
  if (!mode?.databaseUrl)
    return void console.log(
      'Cross-listing kill run: skipped, it needs a Postgres server (two processes on one database).',
    )
  const ebay = await startFakeEbay()
  const etsy = await startFakeEtsy({ sharedSecret: 'a-bench-etsy-shared-secret' })
  // Every bench seller connects the one store, as they share Etsy's one shop; its cost bucket, which Shopify gives
  // back what a short page did not use from and the stand-in does not, is the five stores' it stands for.
  const shopify = await startFakeShopify({
    redirectUris: [`${PUBLIC_URL}${SHOPIFY_PATHS.successPaths[0]}`],
    bucket: { maximumAvailable: 5 * 2000, restoreRate: 5 * 100 },
  })
  const smtp = await startFakeSmtp()
  const db = await throwawayDatabase(mode.databaseUrl, 'crosslist')
  const env: NodeJS.ProcessEnv = {
    ...apiEnv(db, smtp.smtpUrl, ebay),
    ETSY_CLIENT_ID: etsy.clientId,
    ETSY_SHARED_SECRET: etsy.sharedSecret,
    ETSY_REDIRECT_URI,
    ETSY_AUTH_URL: etsy.authUrl,
    ETSY_API_URL: etsy.url,
    ETSY_SALES_POLL_MINUTES: String(POLL_SECONDS / 60),
    EBAY_SALES_POLL_MINUTES: String(POLL_SECONDS / 60),
    ETSY_WEBHOOK_SECRET,
    PUBLIC_URL,
    EBAY_VERIFICATION_TOKEN: 'the-cross-listing-bench-verification-token',
    SHOPIFY_CLIENT_ID: shopify.clientId,
    SHOPIFY_CLIENT_SECRET: shopify.clientSecret,
    SHOPIFY_API_URL: shopify.url,
    SHOPIFY_SALES_POLL_MINUTES: String(POLL_SECONDS / 60),
    JOB_EXPIRE_SECONDS: '20',
  }
  const apis: Api[] = [{ port: freePort() }, { port: freePort() }]
  const started = Date.now()
  try {
    for (const api of apis) await startApi(api, env)
    // Etsy delivers to one address; here the first process's (killed at times, as a server restarting is).
    etsy.registerWebhook({ url: `http://127.0.0.1:${apis[0]!.port}${ETSY_WEBHOOK_PATH}`, secret: ETSY_WEBHOOK_SECRET })
    ebay.notifications.reachAppAt(PUBLIC_URL, `http://127.0.0.1:${apis[0]!.port}`)
    // Shopify delivers to PUBLIC_URL, subscribed at connect; the bench's own address reaches the first process.
    for (const topic of ['orders/paid', 'orders/cancelled', 'refunds/create'])
      shopify.subscribe(topic, `http://127.0.0.1:${apis[0]!.port}${SHOPIFY_WEBHOOK_PATH}`)
    const report = await run({ ebay, etsy, shopify }, apis, env, db.databaseUrl)
    console.log(
      '\n== Sold once, everywhere: eBay, Etsy and Shopify, an API process SIGKILLed at random (two processes, one Postgres server) ==',
    )
    for (const line of report) console.log(line)
    console.log(`  ${((Date.now() - started) / 1000).toFixed(0)} s in all`)
  } finally {
    for (const api of apis) await kill(api)
    await db.drop()
    await smtp.close()
    await Promise.all([ebay.close(), etsy.close(), shopify.close()])
  }
}

/** Waits for eBay to hold an ORDER_CONFIRMATION subscription for each seller, made by the app's job on the poll's schedule. */
async function untilSubscribed(ebay: FakeEbay, grants: Set<string>): Promise<void> {
  const deadline = Date.now() + SUBSCRIBE_LIMIT_MS
  const subscribed = () => new Set([...ebay.notifications.subscriptions.values()].map((held) => held.seller))
  while ([...grants].some((grant) => !subscribed().has(grant))) {
    if (Date.now() > deadline) throw new Error("the sellers were not subscribed to eBay's order push in time")
    await sleep(1000)
  }
}

/** Connects the seller's Etsy shop (the stand-in's one shop, which every bench seller shares; SKUs tell listings apart). */
async function connectEtsy(call: Call, fake: FakeEtsy, cookie: string): Promise<void> {
  const { authUrl } = (await json(await call(cookie, 'GET', '/api/marketplace-connections/etsy/auth'))) as {
    authUrl: string
  }
  const back = await fake.consent(authUrl)
  await json(
    await call(cookie, 'POST', '/api/etsy/exchange-token', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    }),
  )
}

/** Connects the seller to the stand-in's one store as a seller would: its name typed, Install, the app's exchange. */
async function connectShopify(call: Call, fake: FakeShopify, cookie: string): Promise<void> {
  const shop = fake.domain.split('.')[0]!
  const { authUrl } = (await json(
    await call(cookie, 'GET', `/api/marketplace-connections/shopify/auth?shop=${shop}`),
  )) as { authUrl: string }
  const back = await fake.consent(authUrl)
  await json(await call(cookie, 'POST', '/api/shopify/exchange-token', Object.fromEntries(back.searchParams)))
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!
}
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'n/a')

async function run(
  { ebay, etsy, shopify }: { ebay: FakeEbay; etsy: FakeEtsy; shopify: FakeShopify },
  apis: Api[],
  env: NodeJS.ProcessEnv,
  databaseUrl: string,
): Promise<string[]> {
  const call = createClient(apis)
  const items: Item[] = []

  async function seller(index: number): Promise<void> {
    const { cookie } = await register(call)
    const who: Seller = { cookie, grant: await connectEbay(call, ebay, cookie) }
    await connectEtsy(call, etsy, cookie)
    await connectShopify(call, shopify, cookie)
    for (let n = 0; n < LISTINGS_PER_SELLER; n += 1) {
      const photo = (await json(
        await call(
          cookie,
          'POST',
          '/api/images',
          photoForm(await solidJpeg({ r: randomInt(256), g: randomInt(256), b: 90 }), { id: randomUUID() }),
        ),
      )) as { imageUrl: string }
      // One to three pieces; the titles differ, since every seller publishes to the one shop.
      const initial = 1 + randomInt(3)
      const listing = (await json(
        await call(cookie, 'POST', '/api/listings', {
          ...ITEM,
          title: `Trucker jacket ${index}-${n}`,
          quantity: initial,
          images: [photo.imageUrl],
          clientId: randomUUID(),
        }),
      )) as { id: number }
      await json(
        await call(cookie, 'POST', `/api/listings/${listing.id}/post-to-ebay`, {
          aspects: { Type: 'Jacket' },
          postalCode: '95125',
        }),
      )
      await json(
        await call(cookie, 'POST', `/api/listings/${listing.id}/post-to-etsy`, {
          whoMade: 'someone_else',
          whenMade: '1990s',
          isSupply: false,
        }),
      )
      await json(await call(cookie, 'POST', `/api/listings/${listing.id}/post-to-shopify`))
      items.push({ id: listing.id, seller: who, initial, sold: 0, cancelled: 0, endedAt: {} })
    }
  }
  await Promise.all(Array.from({ length: SELLERS }, (_, index) => seller(index)))
  await untilSubscribed(ebay, new Set(items.map((item) => item.seller.grant)))

  // What the stand-ins hold for an item.
  const ebaySku = (item: Item) =>
    [...ebay.inventory(item.seller.grant).offers.values()]
      .map((offer) => offer.sku)
      .find((sku) => listingIdOfSku(sku) === item.id)!
  const ebayOffer = (item: Item) =>
    [...ebay.inventory(item.seller.grant).offers.values()].find((offer) => offer.sku === ebaySku(item))
  const ebayCount = (item: Item) =>
    (
      ebay.inventory(item.seller.grant).items.get(ebaySku(item)) as {
        availability: { shipToLocationAvailability: { quantity: number } }
      }
    ).availability.shipToLocationAvailability.quantity
  const etsyListing = (item: Item): FakeEtsyListing | undefined =>
    [...etsy.shop.listings.values()].find((held) => held.sku === `snaplist-${item.id}`)
  const shopifyProduct = (item: Item) =>
    [...shopify.store.products.values()].find((held) => held.handle === `snaplist-${item.id}`)
  const shopifyCount = (item: Item) => {
    const product = shopifyProduct(item)
    return product ? (shopify.store.available.get(product.variant.inventoryItemId) ?? 0) : 0
  }
  // A Shopify product whose tracked count Shopify's own sale took to 0 stays active but sells nothing: not live.
  const live: Record<Side, (item: Item) => boolean> = {
    ebay: (item) => ebayOffer(item)?.status === 'PUBLISHED',
    etsy: (item) => etsyListing(item)?.state === 'active',
    shopify: (item) => shopifyProduct(item)?.status === 'ACTIVE' && shopifyCount(item) > 0,
  }
  const forSale: Record<Side, (item: Item) => boolean> = {
    ebay: (item) => live.ebay(item) && ebayCount(item) > 0,
    etsy: (item) => live.etsy(item) && (etsyListing(item)?.quantity ?? 0) > 0,
    shopify: live.shopify,
  }
  const notLiveAtStart = items.filter((item) => SIDES.some((side) => !live[side](item))).length

  /** Pieces the item has left as the stand-ins' sales and cancellations say. */
  const leftOf = (item: Item) => Math.max(item.initial - item.sold + item.cancelled, 0)
  const sales: StandInSale[] = []
  const cancelling: Promise<void>[] = []
  const comebacks: Comeback[] = []
  function sell(item: Item, side: Side, both: boolean) {
    const at = Date.now()
    const sale: StandInSale = (() => {
      if (side === 'ebay')
        return { side, listingId: item.id, saleId: ebay.sellItem(item.seller.grant, ebaySku(item), 1).orderId, at }
      if (side === 'etsy') {
        const receipt = etsy.sell(etsyListing(item)!.listing_id, 1)
        const saleId = String(receipt.transaction.transaction_id)
        return { side, listingId: item.id, saleId, receiptId: receipt.receipt_id, at }
      }
      const order = shopify.sell(shopifyProduct(item)!.id, 1)
      const saleId = `gid://shopify/LineItem/${order.lineItems[0]!.id}`
      return { side, listingId: item.id, saleId, receiptId: order.id, at }
    })()
    sales.push(sale)
    item.sold += 1
    if (leftOf(item) === 0) item.lastPiece = { side, at, both, sale }
    if (Math.random() < CANCEL_SHARE)
      cancelling.push(sleep(CANCEL_MIN_MS + randomInt(CANCEL_SPREAD_MS)).then(() => cancel(item, sale)))
  }

  /** The buyer cancels: the stand-in's order or receipt cancelled (and refunded), as the marketplace does. */
  function cancel(item: Item, sale: StandInSale) {
    const soldOut = leftOf(item) === 0
    sale.cancelledAt = Date.now()
    if (sale.side === 'ebay') ebay.cancelOrder(item.seller.grant, sale.saleId)
    else if (sale.side === 'etsy') etsy.cancelReceipt(sale.receiptId!)
    else shopify.cancelOrder(sale.receiptId!)
    item.cancelled += 1
    if (soldOut && leftOf(item) > 0 && !item.comingBack) {
      item.comingBack = { side: sale.side, at: sale.cancelledAt }
      comebacks.push(item.comingBack)
      // Not sold out any more: the other marketplaces need not end it (timed again if it sells out again).
      item.lastPiece = undefined
    }
  }

  let loading = true
  let watching = true
  let kills = 0
  const loadStarted = Date.now()
  const killedAt: number[] = []
  let raced = 0

  /** Buyers: a piece of an item with stock left, on a marketplace selling it; now and then its last piece on two. */
  async function buyers() {
    while (loading) {
      await sleep(SALE_MIN_MS + randomInt(SALE_SPREAD_MS))
      // Not an item coming back from a cancellation until it is for sale everywhere again: its time is measured.
      const left = items.filter((item) => leftOf(item) > 0 && !item.comingBack)
      if (left.length === 0) continue
      const item = left[randomInt(left.length)]!
      const sides = SIDES.filter((side) => forSale[side](item))
      if (sides.length >= 2 && leftOf(item) === 1 && Math.random() < BOTH_AT_ONCE) {
        // The same last piece, bought on two before either marketplace hears of the other.
        raced += 1
        const first = sides.splice(randomInt(sides.length), 1)[0]!
        sell(item, first, true)
        sell(item, sides[randomInt(sides.length)]!, true)
      } else if (sides.length > 0) sell(item, sides[randomInt(sides.length)]!, false)
    }
  }

  /** Notes when each marketplace stopped selling each item, and when an item a cancellation gave back sells again. */
  async function watcher() {
    while (watching) {
      const now = Date.now()
      for (const item of items) {
        for (const side of SIDES) if (item.endedAt[side] === undefined && !live[side](item)) item.endedAt[side] = now
        if (item.comingBack && SIDES.every((side) => forSale[side](item))) {
          item.comingBack.backAt = now
          item.comingBack = undefined
          // Ended again by a later sale: timed from then.
          item.endedAt = {}
        }
      }
      await sleep(200)
    }
  }

  async function killer() {
    while (loading) {
      await sleep(KILL_MIN_MS + randomInt(KILL_SPREAD_MS))
      if (!loading) break
      const victim = apis[randomInt(apis.length)]!
      await kill(victim)
      kills += 1
      killedAt.push(Date.now())
      await sleep(1500)
      await startApi(victim, env)
    }
  }

  const watching$ = watcher()
  const loops = [buyers(), killer()]
  await sleep(LOAD_SECONDS * 1000)
  loading = false
  await Promise.all([...loops, ...cancelling])

  // The ledger: each stand-in sale in it once, under the listing it sold (and so its seller), a cancelled one too (one
  // cancelled before the app read it is applied, then given back: its marketplace kept the piece), marked cancelled.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  type LedgerRow = {
    marketplace: string
    saleId: string
    orderId: string
    listingId: number
    userOk: boolean
    short: number
    cancelled: boolean
    /** When the app applied it (ms): after its cancellation when it was cancelled before the app read it. */
    appliedAt: number
  }
  const keyOf = (marketplace: string, saleId: string) => `${marketplace}|${saleId}`
  async function readLedger() {
    const ledger = await sql<LedgerRow[]>`
      select marketplace, sale_id as "saleId", order_id as "orderId", listing_id as "listingId", short,
        user_id = (select user_id from listings l where l.id = s.listing_id) as "userOk",
        cancelled_at is not null as cancelled, (extract(epoch from created_at) * 1000)::float8 as "appliedAt"
      from marketplace_sales s`
    const recorded = new Map<string, LedgerRow[]>()
    for (const row of ledger) {
      // eBay's sale is an order's line; the stand-in's orders have one line, so the order says which.
      const key = keyOf(row.marketplace, row.marketplace === 'ebay' ? row.orderId : row.saleId)
      recorded.set(key, [...(recorded.get(key) ?? []), row])
    }
    const rowsOf = (sale: StandInSale) => recorded.get(keyOf(sale.side, sale.saleId)) ?? []
    return {
      ledger,
      rowsOf,
      missing: sales.filter((sale) => sale.cancelledAt === undefined && rowsOf(sale).length === 0).length,
      cancelsPending: sales.filter(
        (sale) => sale.cancelledAt !== undefined && rowsOf(sale).some((row) => !row.cancelled),
      ).length,
    }
  }
  // Each item's count on a marketplace: its pieces left while live there, else none.
  const countsOf = (item: Item): Record<Side, number> => ({
    ebay: live.ebay(item) ? ebayCount(item) : 0,
    etsy: live.etsy(item) ? etsyListing(item)!.quantity : 0,
    shopify: live.shopify(item) ? shopifyCount(item) : 0,
  })
  const countIsOff = (item: Item) => {
    const counts = countsOf(item)
    return SIDES.some((side) => counts[side] !== leftOf(item))
  }
  const countOffItems = () => items.filter(countIsOff)

  // Settling: every sale and cancellation read (a poll a minute), every revision sent, every count the stock left.
  const settleStarted = Date.now()
  const soldOut = () => items.filter((item) => leftOf(item) === 0)
  const liveAfterSoldOut = () => soldOut().filter((item) => SIDES.some((side) => live[side](item)))
  let unsent: number
  for (;;) {
    const [row] = await sql<{ unsent: number }[]>`
      select count(*)::int as unsent from listing_places where revision_requested > revision_sent`
    unsent = row!.unsent
    const read = await readLedger()
    if (
      (read.missing === 0 &&
        read.cancelsPending === 0 &&
        unsent === 0 &&
        liveAfterSoldOut().length === 0 &&
        countOffItems().length === 0 &&
        comebacks.every((comeback) => comeback.backAt !== undefined)) ||
      Date.now() - settleStarted > SETTLE_LIMIT_MS
    )
      break
    await sleep(2000)
  }
  const settleSeconds = (Date.now() - settleStarted) / 1000
  watching = false
  await watching$

  const { ledger, rowsOf: ledgerRowsOf, missing, cancelsPending } = await readLedger()
  const applied = ledger.length
  let twice = 0
  let misattributed = 0
  for (const sale of sales) {
    const rows = ledgerRowsOf(sale)
    if (rows.length > 1) twice += rows.length - 1
    misattributed += rows.filter((row) => row.listingId !== sale.listingId || !row.userOk).length
  }
  const known = new Set(sales.map((sale) => keyOf(sale.side, sale.saleId)))
  const madeUp = ledger.filter(
    (row) => !known.has(keyOf(row.marketplace, row.marketplace === 'ebay' ? row.orderId : row.saleId)),
  ).length
  const cancelledSales = sales.filter((sale) => sale.cancelledAt !== undefined)
  const neverApplied = cancelledSales.filter((sale) => ledgerRowsOf(sale).length === 0).length
  const appliedAfter = cancelledSales.filter((sale) =>
    ledgerRowsOf(sale).some((row) => row.appliedAt > sale.cancelledAt!),
  ).length

  // The listing's stock, and both marketplaces' counts, against what sold.
  const listings = await sql<{ id: number; quantity: number; soldOut: boolean }[]>`
    select id, quantity, sold_out as "soldOut" from listings`
  const stock = new Map(listings.map((listing) => [listing.id, listing]))
  let stockOff = 0
  let countOff = 0
  const details: string[] = []
  for (const item of items) {
    const left = leftOf(item)
    const listing = stock.get(item.id)!
    if (listing.quantity !== left || (left === 0) !== listing.soldOut) {
      stockOff += 1
      details.push(
        `listing ${item.id}: ${listing.quantity} ${listing.soldOut ? 'sold' : 'not sold'}, expected ${left} (${item.initial} less ${item.sold} sold plus ${item.cancelled} cancelled)`,
      )
    }
    if (countIsOff(item)) {
      countOff += 1
      const counts = countsOf(item)
      details.push(
        `listing ${item.id}: ${left} left, eBay sells ${counts.ebay}, Etsy ${counts.etsy}, Shopify ${counts.shopify}`,
      )
    }
  }

  // Pieces sold beyond the stock: each in the ledger as short, and on the seller's listing (oversoldOrders).
  let beyond = 0
  let unreported = 0
  let unshown = 0
  const rowsOf = new Map<Seller, { id: number; oversoldOrders: unknown[] }[]>()
  for (const item of items) {
    const over = Math.max(item.sold - item.cancelled - item.initial, 0)
    if (over === 0) continue
    beyond += over
    const short = ledger
      .filter((row) => row.listingId === item.id && row.short > 0)
      .reduce((sum, row) => sum + row.short, 0)
    unreported += Math.max(over - short, 0)
    if (!rowsOf.has(item.seller))
      rowsOf.set(
        item.seller,
        (await json(await call(item.seller.cookie, 'GET', '/api/listings'))) as unknown as {
          id: number
          oversoldOrders: unknown[]
        }[],
      )
    const shown = rowsOf.get(item.seller)!.find((row) => row.id === item.id)?.oversoldOrders.length ?? 0
    unshown += Math.max(over - shown, 0)
  }

  // From the sale of the last piece to the other two marketplaces no longer selling it (races, where two sold, aside),
  // by where it sold: all pushed, the polls behind them.
  const othersEnded = (item: Item, sold: Side) =>
    Math.max(...SIDES.filter((side) => side !== sold).map((side) => item.endedAt[side] ?? Number.POSITIVE_INFINITY))
  const waitsBySide: Record<Side, number[]> = { ebay: [], etsy: [], shopify: [] }
  for (const item of items) {
    if (!item.lastPiece || item.lastPiece.both || item.lastPiece.sale.cancelledAt !== undefined) continue
    waitsBySide[item.lastPiece.side].push(Math.max(othersEnded(item, item.lastPiece.side) - item.lastPiece.at, 0))
  }
  const waits = SIDES.flatMap((side) => waitsBySide[side])
  const slowest = waits.length ? Math.max(...waits) : Number.NaN
  const late = (side: Side) => waitsBySide[side].filter((wait) => wait > PUSH_GOAL_MS).length
  const pushesAnswered = {
    ebay: `${ebay.notifications.pushes.filter((push) => push.attempts.at(-1) === 204).length} of ${ebay.notifications.pushes.length} ORDER_CONFIRMATION`,
    etsy: `${etsy.webhookDeliveries.filter((delivery) => delivery.attempts.at(-1) === 204).length} of ${etsy.webhookDeliveries.length} order.paid`,
    shopify: `${shopify.webhookDeliveries.filter((delivery) => delivery.uri.startsWith('http:') && delivery.attempts.at(-1) === 200).length} of ${shopify.webhookDeliveries.filter((delivery) => delivery.uri.startsWith('http:')).length} orders/*`,
  }
  const bySideLine = (side: Side, name = NAMES[side]) =>
    `  sold on ${name} (pushed: ${pushesAnswered[side]} answered 2xx): median ${seconds(median(waitsBySide[side]))}, max ${seconds(Math.max(...waitsBySide[side]))} over ${waitsBySide[side].length}, ${late(side)} over ${PUSH_GOAL_MS / 1000} s (goal 0 but for a killed process's job)`
  // Why an item took longer: the jobs between its sale and the other marketplace ending it, and the kills.
  const at = (ms: number) => `+${((ms - loadStarted) / 1000).toFixed(1)}`
  for (const item of items) {
    if (!item.lastPiece || item.lastPiece.both || item.lastPiece.sale.cancelledAt !== undefined) continue
    const others = SIDES.filter((side) => side !== item.lastPiece!.side)
    const ended = othersEnded(item, item.lastPiece.side)
    if (ended - item.lastPiece.at <= END_GOAL_MS) continue
    const jobs = await sql<
      { name: string; state: string; created: Date; started: Date | null; completed: Date | null }[]
    >`
      select name, state, created_on as created, started_on as started, completed_on as completed from pgboss.job
      where (name = ${`${item.lastPiece.side}-seller-sales`}
          and data->>'userId' = (select user_id::text from listings where id = ${item.id})
          and created_on > ${new Date(item.lastPiece.at - 5000)})
        or (name in ('follow-sale', ${`${others[0]}-revision`}, ${`${others[1]}-revision`})
          and data->>'listingId' = ${String(item.id)})
      order by created_on`
    details.push(
      `listing ${item.id}: last piece sold on ${item.lastPiece.side} at ${at(item.lastPiece.at)} s, ${others.join(' and ')} ended ${Number.isFinite(ended) ? at(ended) : 'never'} s; ` +
        jobs
          .map(
            (job) =>
              `${job.name} ${job.state} created ${at(job.created.getTime())} started ${job.started ? at(job.started.getTime()) : '-'} done ${job.completed ? at(job.completed.getTime()) : '-'}`,
          )
          .join('; ') +
        `; kills at ${killedAt.map(at).join(', ')}`,
    )
  }
  // Why an item is still for sale somewhere, or a count is off: each place as the app holds it, the item's sales on the
  // stand-ins, and every job that touched the listing.
  for (const item of new Set([...liveAfterSoldOut(), ...items.filter(countIsOff)])) {
    const itsSales = sales
      .filter((sale) => sale.listingId === item.id)
      .map((sale) => `${sale.side} ${at(sale.at)}${sale.cancelledAt ? ` cancelled ${at(sale.cancelledAt)}` : ''}`)
    const places = await sql`select marketplace, state, quantity_sent, revision_requested, revision_sent,
      revision_state, revision_message, leased_by, leased_until, updated_at, details from listing_places
      where listing_id = ${item.id} order by marketplace`
    const jobs = await sql<{ name: string; state: string; created: Date; started: Date | null; retries: number }[]>`
      select name, state, created_on as created, started_on as started, retry_count as retries from pgboss.job
      where data->>'listingId' = ${String(item.id)} order by created_on`
    details.push(
      `listing ${item.id} (eBay live ${live.ebay(item)}, Etsy ${live.etsy(item)}, Shopify ${live.shopify(item)}; sales ${itsSales.join(', ')}): ${places.map((place) => JSON.stringify(place)).join('; ')}; jobs ${jobs.map((job) => `${job.name} ${job.state} created ${at(job.created.getTime())} started ${job.started ? at(job.started.getTime()) : '-'} retries ${job.retries}`).join(', ')}; kills at ${killedAt.map(at).join(', ')}`,
    )
  }
  await sql.end()

  const stillLive = liveAfterSoldOut().length
  const bySide = (side: Side) => sales.filter((sale) => sale.side === side).length
  // From a cancellation that gave a sold-out item its piece back to the item for sale on both marketplaces again.
  const backWaits = (side?: Side) =>
    comebacks
      .filter((comeback) => side === undefined || comeback.side === side)
      .map((comeback) => (comeback.backAt === undefined ? Number.POSITIVE_INFINITY : comeback.backAt - comeback.at))
  const neverBack = backWaits().filter((wait) => !Number.isFinite(wait)).length
  const backLine = (side: Side, name: string = NAMES[side]) =>
    `  cancelled on ${name}: median ${seconds(median(backWaits(side)))}, max ${seconds(Math.max(...backWaits(side)))} over ${backWaits(side).length}`
  const pass =
    notLiveAtStart === 0 &&
    stillLive === 0 &&
    missing === 0 &&
    twice === 0 &&
    madeUp === 0 &&
    misattributed === 0 &&
    stockOff === 0 &&
    countOff === 0 &&
    unreported === 0 &&
    unshown === 0 &&
    cancelsPending === 0 &&
    neverApplied === 0 &&
    neverBack === 0 &&
    !(slowest > END_GOAL_MS)
  return [
    ...details.map((line) => `  ${line}`),
    `load ${LOAD_SECONDS} s, ${kills} SIGKILLs (either process, every ${KILL_MIN_MS / 1000}-${(KILL_MIN_MS + KILL_SPREAD_MS) / 1000} s, restarted 1.5 s later); settled ${settleSeconds.toFixed(0)} s after${unsent ? `, ${unsent} revisions still unsent` : ''}`,
    `items: ${items.length} live on all three (${notLiveAtStart} not), ${items.reduce((sum, item) => sum + item.initial, 0)} pieces; ${soldOut().length} sold out, ${raced} last pieces bought on two at once`,
    `sales: ${sales.length} on the stand-ins (${bySide('ebay')} eBay, ${bySide('etsy')} Etsy, ${bySide('shopify')} Shopify), ${applied} in marketplace_sales: missing ${missing}, twice ${twice}, none made ${madeUp}, under another listing or seller ${misattributed}`,
    `cancellations: ${cancelledSales.length} sales cancelled on the stand-ins (${SIDES.map((side) => `${cancelledSales.filter((sale) => sale.side === side).length} ${NAMES[side]}`).join(', ')}), ${appliedAfter} before the app read them (applied after), never applied ${neverApplied} (goal 0); in marketplace_sales not marked cancelled ${cancelsPending} (goal 0)`,
    `items live anywhere after selling out: ${stillLive} (goal 0)`,
    `stock changes applied twice: listings whose stock or Sold is off ${stockOff}, whose eBay, Etsy or Shopify count is not the stock left ${countOff} (goal 0)`,
    `oversells: ${beyond} pieces sold beyond the stock, not in marketplace_sales as short ${unreported}, not on the seller's listing ${unshown} (goal 0)`,
    `sale of the last piece to the other two marketplaces ending it: median ${seconds(median(waits))}, max ${seconds(slowest)} over ${waits.length} items (goal ≤ ${END_GOAL_MS / 1000} s)`,
    ...SIDES.map((side) => bySideLine(side)),
    `cancellation of a sold-out item's sale to the item for sale on all three again: median ${seconds(median(backWaits()))}, max ${seconds(Math.max(...backWaits()))} over ${comebacks.length}, ${neverBack} never (goal 0), ${backWaits().filter((wait) => wait > BACK_GOAL_MS).length} over ${BACK_GOAL_MS / 1000} s`,
    backLine('ebay', "eBay (found by the next read of the seller's orders, a push's or the poll's)"),
    backLine('etsy', 'Etsy (order.canceled pushed)'),
    backLine('shopify', 'Shopify (orders/cancelled pushed)'),
    `verdict: ${pass ? 'PASS' : 'FAIL'}`,
  ]
}
