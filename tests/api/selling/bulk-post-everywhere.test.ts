// One bulk post to eBay and Etsy at once (decision 0064) against both stand-ins: a job per listing and marketplace,
// Etsy's answers sent once for all, a listing Etsy cannot take without its own answer said per item and posted on a
// retry that gives it; a reply lost midway and every job run again publish nothing twice.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BULK_POST_JOB } from '../../../api/services/selling/bulk-post.ts'
import { connectEbay } from '../../helpers/ebay.ts'
import { connectEtsy } from '../../helpers/etsy.ts'
import { dueNow } from '../../helpers/jobs.ts'
import { bothMarketplacesPerFile } from '../../helpers/live-on-both.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

const both = bothMarketplacesPerFile()

type Seller = Awaited<ReturnType<typeof registeredClient>>
// A reseller's answers for Etsy, once for the whole selection.
const ETSY_ANSWERS = { whoMade: 'someone_else', whenMade: '1990s', isSupply: false }

async function seller(name: string) {
  const client = await registeredClient(both.t.app, `${name}-${randomUUID().slice(0, 8)}`)
  const { grant } = await connectEbay(both.ebay, client)
  await connectEtsy(both.etsy, client)
  return { client, grant }
}

async function listing(client: Seller, title: string, fields: JsonBody = {}): Promise<number> {
  const response = await client.post('/api/listings', {
    title,
    description: 'Soft, no holes.',
    brand: 'Hanes',
    size: 'L',
    sizeType: 'Regular',
    department: 'Men',
    color: 'black',
    category: 'clothing',
    price: 12,
    quantity: 1,
    images: await uploadPhotos(client, 1),
    ...fields,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await readJson(response)).id as number
}

const onEtsy = (title: string) => [...both.etsy.shop.listings.values()].filter((held) => held.title === title)
const onEbay = (grant: string, listingId: number) =>
  [...both.ebay.sell.listings.values()].filter((entry) => entry.seller === grant && entry.sku === both.skuOf(listingId))
const itemsOf = async (client: Seller, id: number) =>
  ((await readJson(await client.get(`/api/bulk-posts/${id}`))).items as JsonBody[]).map((item) => [
    item.title,
    item.marketplace,
    item.status,
  ])

describe('POST /api/bulk-posts to every connected marketplace', () => {
  it('posts the selection to eBay and Etsy, says per item what Etsy refused, and a retry posts it once', async () => {
    const { client, grant } = await seller('both')
    const titles = ['Band tee one', 'Band tee two', 'Band tee three']
    const ids = [
      await listing(client, titles[0]!),
      await listing(client, titles[1]!),
      // No Etsy category follows from 'other': Etsy needs the seller's, which one answer for all cannot give.
      await listing(client, titles[2]!, { category: 'other' }),
    ]
    // Etsy's create reply is lost once: its job fails, is retried, and finds the draft it made instead of another.
    both.etsy.control.loseReply.set('createDraftListing', 1)
    const request = {
      clientId: randomUUID(),
      listingIds: ids,
      answers: { ebay: { postalCode: '95125' }, etsy: ETSY_ANSWERS },
    }
    const started = await client.post('/api/bulk-posts', request)
    expect(started.status, await started.clone().text()).toBe(202)
    const queued = await readJson(started)
    // Not said where: every marketplace the seller connected, each listing's together.
    expect(((queued.items as JsonBody[]) ?? []).map((item) => [item.listingId, item.marketplace])).toEqual(
      ids.flatMap((id) => [
        [id, 'ebay'],
        [id, 'etsy'],
      ]),
    )

    await both.t.settle()
    await dueNow(both.t.db.sql, BULK_POST_JOB)
    await both.t.settle()
    const finished = await readJson(await client.get(`/api/bulk-posts/${queued.id}`))
    expect(finished.done).toBe(true)
    expect(await itemsOf(client, queued.id)).toEqual([
      [titles[0], 'ebay', 'posted'],
      [titles[0], 'etsy', 'posted'],
      [titles[1], 'ebay', 'posted'],
      [titles[1], 'etsy', 'posted'],
      [titles[2], 'ebay', 'posted'],
      [titles[2], 'etsy', 'refused'],
    ])
    const refused = (finished.items as JsonBody[])[5]!
    expect(refused).toMatchObject({ code: 'etsy_missing_fields', viewUrl: null })
    expect(refused.message).toContain('an Etsy category')
    for (const item of (finished.items as JsonBody[]).filter((entry) => entry.marketplace === 'etsy').slice(0, 2))
      expect(item.viewUrl).toMatch(/^https:\/\/www\.etsy\.com\/listing\/\d+/)
    expect(titles.map((title) => onEtsy(title).map((held) => held.state))).toEqual([['active'], ['active'], []])
    expect(ids.map((id) => onEbay(grant, id).length)).toEqual([1, 1, 1])

    // The retry: that one listing, to Etsy only, with its own category; the same answers for the rest.
    const retried = await readJson(
      await client.post('/api/bulk-posts', {
        clientId: randomUUID(),
        listingIds: [ids[2]],
        marketplaces: ['etsy'],
        answers: { etsy: ETSY_ANSWERS },
        perListing: [{ listingId: ids[2], answers: { etsy: { taxonomyId: 1 } } }],
      }),
    )
    await both.t.settle()
    expect(await itemsOf(client, retried.id)).toEqual([[titles[2], 'etsy', 'posted']])

    // Every listing asked for again, everywhere (a phone that lost the summary): each answers where it is, none doubles.
    const again = await readJson(await client.post('/api/bulk-posts', { ...request, clientId: randomUUID() }))
    await both.t.settle()
    expect((await itemsOf(client, again.id)).map(([, , status]) => status)).toEqual(Array(6).fill('posted'))
    expect(titles.map((title) => onEtsy(title).length)).toEqual([1, 1, 1])
    expect(ids.map((id) => onEbay(grant, id).length)).toEqual([1, 1, 1])
  }, 60_000)

  it('posts to the marketplaces named only, a listing to fewer when the request says so, and refuses one unknown', async () => {
    const { client, grant } = await seller('some')
    const [shirt, cap] = [await listing(client, 'Shirt for eBay'), await listing(client, 'Cap for eBay only')]
    const bad = await client.post('/api/bulk-posts', {
      clientId: randomUUID(),
      listingIds: [shirt],
      marketplaces: ['ebay', 'depop'],
    })
    expect(bad.status).toBe(400)
    const nowhere = await client.post('/api/bulk-posts', {
      clientId: randomUUID(),
      listingIds: [shirt],
      marketplaces: ['ebay'],
      perListing: [{ listingId: shirt, marketplaces: ['etsy'] }],
    })
    expect(nowhere.status).toBe(400)
    const other = await client.post('/api/bulk-posts', {
      clientId: randomUUID(),
      listingIds: [shirt],
      perListing: [{ listingId: cap, marketplaces: ['ebay'] }],
    })
    expect(other.status).toBe(400)

    const post = await readJson(
      await client.post('/api/bulk-posts', {
        clientId: randomUUID(),
        listingIds: [shirt, cap],
        answers: { ebay: { postalCode: '95125' }, etsy: ETSY_ANSWERS },
        perListing: [{ listingId: cap, marketplaces: ['ebay'] }],
      }),
    )
    await both.t.settle()
    expect(await itemsOf(client, post.id)).toEqual([
      ['Shirt for eBay', 'ebay', 'posted'],
      ['Shirt for eBay', 'etsy', 'posted'],
      ['Cap for eBay only', 'ebay', 'posted'],
    ])
    expect(onEtsy('Cap for eBay only')).toEqual([])
    expect(onEbay(grant, cap)).toHaveLength(1)
  }, 60_000)
})
