// One daily run of the markdown ladder over 5,000 live eBay listings (BENCH_ONLY=markdowns, issue 51, docs/decisions/
// 0075), against the eBay stand-in on PGlite: 10 sellers of 500 listings, each live 40 days, their costs such that a
// fifth of them stop at their floor. The daily job runs, then runs again and every seller's job a third time (a
// process killed after its work, before the queue heard), then the revisions it queued reach eBay. Measured: the
// run's time and the revisions' time, the calls eBay took (bulkUpdatePriceQuantity's among them: the prices go 25 a
// call, decision 0080), listings below their floor (goal 0), listings changed twice on Snaplist or eBay (goal 0), the
// most revisions a listing took in the stand-in's day (eBay's limit 250).
import { randomUUID } from 'node:crypto'
import { MARKDOWN_DAILY_JOB, MARKDOWN_SELLER_JOB } from '../../api/services/pricing/markdowns.ts'
import { startFakeEbay } from '../fakes/ebay.ts'
import { connectEbay, ebayApp, ebayConfigFor } from '../helpers/ebay.ts'
import { JACKET } from '../helpers/jacket.ts'
import { copyLiveListing } from '../helpers/many-live.ts'
import { readJson, registeredClient, succeeded, uploadPhotos } from '../helpers/test-app.ts'

const SELLERS = 10
const EACH = 500
const RULES = {
  minimumProfit: { by: 'amount', amount: 5 },
  shippingPaid: 0,
  ladder: { on: true, firstAfterDays: 30, firstPercent: 10, thenEveryDays: 14, thenPercent: 5 },
}
// $39.50 less 10%; a $28 cost's floor on eBay alone, $38.66, stops it there.
const CUT_CENTS = 3555
const FLOOR_CENTS = 3866

export async function benchMarkdowns(): Promise<void> {
  const fake = await startFakeEbay()
  const app = await ebayApp(ebayConfigFor(fake))
  const { sql } = app.db
  try {
    const grants: string[] = []
    const sellers: number[] = []
    for (let index = 0; index < SELLERS; index += 1) {
      const seller = await registeredClient(app.app, `bench-${randomUUID().slice(0, 8)}`)
      grants.push((await connectEbay(fake, seller)).grant)
      const images = await uploadPhotos(seller, 1)
      const first = (await readJson(await succeeded(seller.post('/api/listings', { ...JACKET, images })))).id as number
      await succeeded(
        seller.post(`/api/listings/${first}/post-to-ebay`, { aspects: { Type: 'Jacket' }, postalCode: '95125' }),
      )
      await copyLiveListing(sql, fake, grants.at(-1)!, first, EACH - 1)
      await succeeded(seller.call('PUT', '/api/price-rules', RULES))
      sellers.push(seller.id)
    }
    await sql`update listing_places set created_at = now() - interval '40 days'`
    await sql`update listings set cost_cents = case when id % 5 = 0 then 2800 else 1000 end`
    const calls = fake.calls.length
    const bulkCalls = fake.sell.bulkPriceQuantityCalls

    const started = performance.now()
    await app.jobs.send(MARKDOWN_DAILY_JOB, {})
    await app.jobs.send(MARKDOWN_DAILY_JOB, {})
    for (const userId of sellers) await app.jobs.send(MARKDOWN_SELLER_JOB, { userId })
    await app.settle()
    const doneMs = performance.now() - started
    const [runs] = await sql<{ changes: number; runs: number }[]>`
      select (select count(*)::int from markdown_changes) as changes, (select count(*)::int from markdown_runs) as runs`

    const prices = await sql<{ id: number; cents: number }[]>`select id, asking_price_cents as cents from listings`
    const expected = (id: number) => (id % 5 === 0 ? FLOOR_CENTS : CUT_CENTS)
    const belowFloor = prices.filter(({ id, cents }) => cents < expected(id)).length
    const wrong = prices.filter(({ id, cents }) => cents !== expected(id)).length
    const bySku = new Map<string, number>()
    for (const grant of grants)
      for (const revision of fake.sell.revisions.get(grant) ?? [])
        // A price reaches eBay by a revision's offer call or a bulk call's price.
        if (revision.call === 'offer' || revision.call === 'price')
          bySku.set(revision.sku, (bySku.get(revision.sku) ?? 0) + 1)
    const mostRevisions = Math.max(0, ...fake.sell.revisionsToday.values())
    const onEbayWrong = grants
      .flatMap((grant) => [...fake.inventory(grant).offers.values()])
      .filter((offer) => {
        const value = (offer.body.pricingSummary as { price: { value: string } }).price.value
        return value !== '35.55' && value !== '38.66'
      }).length

    console.log(
      `\n== Markdown ladder, one daily run: ${SELLERS * EACH} live eBay listings, ${SELLERS} sellers (PGlite) ==`,
    )
    console.log(
      `run and revisions done in ${(doneMs / 1000).toFixed(1)} s (${(doneMs / (SELLERS * EACH)).toFixed(1)} ms a listing)`,
    )
    console.log(
      `eBay calls: ${fake.calls.length - calls}, of them bulkUpdatePriceQuantity: ${fake.sell.bulkPriceQuantityCalls - bulkCalls}; runs recorded: ${runs!.runs}, changes: ${runs!.changes}`,
    )
    console.log(
      `below the floor: ${belowFloor} (goal 0); not at the one cut or the floor on Snaplist: ${wrong}, on eBay: ${onEbayWrong} (goal 0)`,
    )
    console.log(
      `revisions a listing took: at most ${mostRevisions} (eBay's limit 250); listings whose price eBay took more than once: ${[...bySku.values()].filter((count) => count > 1).length}`,
    )
  } finally {
    await app.close()
    await fake.close()
  }
}
