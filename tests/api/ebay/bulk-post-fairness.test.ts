// One seller's big bulk post must not hold up everyone else's (issue 27, F7): jobs are ranked by their place in their
// own seller's queue, a seller may have at most BULK_POST_QUEUE_MAX listings waiting, and ten requests a minute.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BULK_POST_QUEUE_MAX } from '../../../api/contract/bulk-post-max.ts'
import { BULK_POST_REQUEST_LIMIT } from '../../../api/services/selling/bulk-post.ts'
import { connectEbay, ebayAppPerFile, ebaySkus } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos } from '../../helpers/test-app.ts'

type Client = Awaited<ReturnType<typeof registeredClient>>

const ebay = ebayAppPerFile()

const TEE = {
  brand: 'Hanes',
  size: 'L',
  sizeType: 'Regular',
  department: 'Men',
  color: 'black',
  price: 12,
  quantity: 1,
  category: 'clothing',
  description: 'Soft, no holes.',
}

/** `count` ready listings sharing one photo, made straight in the database (the API makes them one by one, slowly). */
async function listings(seller: Client, count: number): Promise<number[]> {
  const [photo] = await uploadPhotos(seller, 1)
  const rows = Array.from({ length: count }, (_, index) => ({
    user_id: seller.id,
    title: `Tee ${index + 1}`,
    brand: TEE.brand,
    size: TEE.size,
    size_type: TEE.sizeType,
    department: TEE.department,
    color: TEE.color,
    price: TEE.price * 100,
    quantity: 1,
    category: TEE.category,
    description: TEE.description,
    images: [photo!],
  }))
  const made = await ebay.t.db.sql<{ id: number }[]>`insert into listings ${ebay.t.db.sql(rows)} returning id`
  return made.map((row) => row.id)
}

const seller = (name: string) => registeredClient(ebay.t.app, `${name}-${randomUUID().slice(0, 8)}`)
const bulkPost = (client: Client, listingIds: number[]) =>
  client.post('/api/bulk-posts', { clientId: randomUUID(), listingIds, answers: { ebay: { postalCode: '95125' } } })

describe('bulk posts of several sellers', () => {
  it("posts another seller's one listing among the first, while a big bulk post of one seller is queued", async () => {
    const big = await seller('big')
    const { grant: bigGrant } = await connectEbay(ebay.fake, big)
    const small = await seller('small')
    const { grant: smallGrant } = await connectEbay(ebay.fake, small)
    const many = await listings(big, 20)
    for (let start = 0; start < many.length; start += 10)
      expect((await bulkPost(big, many.slice(start, start + 10))).status).toBe(202)
    const [one] = await listings(small, 1)
    const posted = await bulkPost(small, [one!])
    expect(posted.status).toBe(202)

    await ebay.t.settle()
    // The stand-in's listings in the order they went live: the small seller's is second at the latest (the big
    // seller's first may have been taken already), never 21st.
    const order = [...ebay.fake.sell.listings.values()].filter(
      (entry) => entry.seller === bigGrant || entry.seller === smallGrant,
    )
    expect(order).toHaveLength(21)
    const skuOf = await ebaySkus(ebay.t)
    expect(order.findIndex((entry) => entry.sku === skuOf(one!))).toBeLessThanOrEqual(1)
    expect((await readJson(await small.get(`/api/bulk-posts/${(await readJson(posted)).id}`))).done).toBe(true)
  }, 90_000)

  it(`queues ${BULK_POST_QUEUE_MAX} listings of one seller in one request, and refuses more while they wait`, async () => {
    const client = await seller('cap')
    await connectEbay(ebay.fake, client)
    const ids = await listings(client, BULK_POST_QUEUE_MAX + 1)
    const first = await bulkPost(client, ids.slice(0, BULK_POST_QUEUE_MAX))
    expect(first.status).toBe(202)
    expect((await readJson(first)).items).toHaveLength(BULK_POST_QUEUE_MAX)

    const more = await bulkPost(client, ids.slice(BULK_POST_QUEUE_MAX))
    expect(more.status).toBe(429)
    expect(await readJson(more)).toMatchObject({
      code: 'bulk_post_queue_full',
      message: expect.stringContaining(`${BULK_POST_QUEUE_MAX} of your listings are still waiting`),
    })
    const [made] = await ebay.t.db.sql<
      { count: number }[]
    >`select count(*)::int as count from bulk_posts where user_id = ${client.id}`
    expect(made!.count).toBe(1)
    // Nothing of the refused request runs: the cap's seller's jobs are left unrun here, the next test's settle never comes.
    await ebay.t.db.sql`delete from bulk_posts where user_id = ${client.id}`
  })

  it(`takes ${BULK_POST_REQUEST_LIMIT.max} bulk posts a minute from one seller and refuses the next`, async () => {
    const client = await seller('rate')
    const ids = await listings(client, BULK_POST_REQUEST_LIMIT.max + 1)
    for (const id of ids.slice(0, -1)) expect((await bulkPost(client, [id])).status).toBe(202)
    const refused = await bulkPost(client, [ids.at(-1)!])
    expect(refused.status).toBe(429)
    expect(await readJson(refused)).toMatchObject({ code: 'rate_limited' })
  })
})
