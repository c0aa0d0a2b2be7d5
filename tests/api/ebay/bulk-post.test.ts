// Posting many listings to eBay at once (docs/product.md §17) against the eBay stand-in: one job per listing, each
// published exactly once however often the request or a job is repeated; one lacking a detail is refused with why.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { connectEbay, ebayAppPerFile, ebaySkus } from '../../helpers/ebay.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody } from '../../helpers/test-app.ts'

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

async function listing(seller: Client, fields: Record<string, unknown>): Promise<number> {
  const response = await seller.post('/api/listings', { ...TEE, ...fields, images: await uploadPhotos(seller, 1) })
  expect(response.status).toBe(201)
  return (await readJson(response)).id as number
}

const livesOnEbay = async (grant: string, listingId: number) => {
  const sku = (await ebaySkus(ebay.t))(listingId)
  return [...ebay.fake.sell.listings.values()].filter((entry) => entry.seller === grant && entry.sku === sku).length
}

describe('POST /api/bulk-posts to eBay', () => {
  it('posts five listings as jobs: four go live with View on eBay links, one is refused for a missing detail', async () => {
    const seller = await registeredClient(ebay.t.app, `bulk-${randomUUID().slice(0, 8)}`)
    const { grant } = await connectEbay(ebay.fake, seller)
    const ids = [
      await listing(seller, { title: 'Band tee 1' }),
      await listing(seller, { title: 'Band tee 2' }),
      await listing(seller, { title: 'Plain tee without a brand', brand: '' }),
      await listing(seller, { title: 'Band tee 3' }),
      await listing(seller, { title: 'Band tee 4' }),
    ]
    const request = { clientId: randomUUID(), listingIds: ids, answers: { ebay: { postalCode: '95125' } } }
    const started = await seller.post('/api/bulk-posts', request)
    expect(started.status).toBe(202)
    const queued = await readJson(started)
    expect(queued).toMatchObject({ done: false })
    expect((queued.items as JsonBody[]).map((item) => item.status)).toEqual(Array(5).fill('queued'))

    // The phone lost the reply and sends it again: the same request, nothing queued twice.
    const again = await seller.post('/api/bulk-posts', request)
    expect(again.status).toBe(200)
    expect((await readJson(again)).id).toBe(queued.id)

    await ebay.t.settle()
    const finished = await readJson(await seller.get(`/api/bulk-posts/${queued.id}`))
    expect(finished.done).toBe(true)
    const items = finished.items as JsonBody[]
    expect(items.map((item) => [item.title, item.status])).toEqual([
      ['Band tee 1', 'posted'],
      ['Band tee 2', 'posted'],
      ['Plain tee without a brand', 'refused'],
      ['Band tee 3', 'posted'],
      ['Band tee 4', 'posted'],
    ])
    expect(items[2]).toMatchObject({ code: 'ebay_missing_fields', viewUrl: null })
    expect(items[2]!.message).toContain('Missing required fields: Brand')
    for (const item of items.filter((entry) => entry.status === 'posted'))
      expect(item.viewUrl).toMatch(/^https:\/\/sandbox\.ebay\.com\/itm\/\d+$/)
    expect(await Promise.all(ids.map((id) => livesOnEbay(grant, id)))).toEqual([1, 1, 0, 1, 1])

    // Another request for the same listings publishes none of them again.
    const repeat = await readJson(
      await seller.post('/api/bulk-posts', { clientId: randomUUID(), listingIds: [ids[0]!, ids[1]!] }),
    )
    await ebay.t.settle()
    expect(
      ((await readJson(await seller.get(`/api/bulk-posts/${repeat.id}`))).items as JsonBody[]).map(
        (item) => item.status,
      ),
    ).toEqual(['posted', 'posted'])
    expect(await Promise.all(ids.map((id) => livesOnEbay(grant, id)))).toEqual([1, 1, 0, 1, 1])
  })

  it("refuses a listing that is not the seller's and queues nothing", async () => {
    const alice = await registeredClient(ebay.t.app, `alice-${randomUUID().slice(0, 8)}`)
    const bob = await registeredClient(ebay.t.app, `bob-${randomUUID().slice(0, 8)}`)
    const hers = await listing(alice, { title: 'Alice tee' })
    const mine = await listing(bob, { title: 'Bob tee' })
    const refused = await bob.post('/api/bulk-posts', { clientId: randomUUID(), listingIds: [mine, hers] })
    expect(refused.status).toBe(404)
    const [made] = await ebay.t.db.sql<
      { count: number }[]
    >`select count(*)::int as count from bulk_posts where user_id = ${bob.id}`
    expect(made!.count).toBe(0)
    expect((await bob.post('/api/bulk-posts', { clientId: randomUUID(), listingIds: [mine, mine] })).status).toBe(400)
  })
})

describe('what Snaplist only guessed (issue 47)', () => {
  const PARCEL = { packageWeightOz: 1, packageLength: 1, packageWidth: 1, packageHeight: 1 }
  const GUESSED = ['packageWeightOz', 'packageLength', 'packageWidth', 'packageHeight']
  // As the phone sends a listing the AI filled: its analysis, and its parcel marked as the AI's guess.
  const byTheAi = { ...PARCEL, aiSuggestions: { title: 'Fleece', packageWeightOz: 1 }, guesses: GUESSED }
  const guessesOf = async (seller: Client, id: number) =>
    (await readJson(await seller.get(`/api/listings/${id}`))).guesses as string[]

  it('keeps the AI’s guesses on the listing, its condition too; a value the seller changes is theirs', async () => {
    const seller = await registeredClient(ebay.t.app, `guess-${randomUUID().slice(0, 8)}`)
    const id = await listing(seller, { title: 'Fleece the AI weighed', ...byTheAi })
    expect((await guessesOf(seller, id)).toSorted()).toEqual([...GUESSED, 'condition'].toSorted())
    // Made by the seller, without the AI: nothing is a guess.
    expect(await guessesOf(seller, await listing(seller, { title: 'Weighed tee', ...PARCEL }))).toEqual([])

    const current = await readJson(await seller.get(`/api/listings/${id}`))
    const { id: _id, userId: _user, guesses: _guesses, ...fields } = current
    const edited = await seller.call('PATCH', `/api/listings/${id}`, { ...fields, packageWeightOz: 14 })
    expect(edited.status, await edited.clone().text()).toBe(200)
    expect((await guessesOf(seller, id)).toSorted()).toEqual(
      ['packageLength', 'packageWidth', 'packageHeight', 'condition'].toSorted(),
    )
  })

  it('a bulk post refuses a listing whose parcel is a guess, in words, until the seller says it is right', async () => {
    const seller = await registeredClient(ebay.t.app, `look-${randomUUID().slice(0, 8)}`)
    const { grant } = await connectEbay(ebay.fake, seller)
    const id = await listing(seller, { title: 'Fleece sent unchecked', ...byTheAi })
    const first = await readJson(
      await seller.post('/api/bulk-posts', {
        clientId: randomUUID(),
        listingIds: [id],
        answers: { ebay: { postalCode: '95125' } },
      }),
    )
    await ebay.t.settle()
    const [refused] = (await readJson(await seller.get(`/api/bulk-posts/${first.id}`))).items as JsonBody[]
    expect(refused).toMatchObject({ status: 'refused', code: 'ebay_guesses_unchecked' })
    expect(refused!.message).toBe(
      'Not sent: the AI guessed its parcel (1 oz, 1×1×1 in) and its condition, and eBay would take them as fact. Look at them (Looks right, or Post to eBay on its own), then post it.',
    )
    expect(await livesOnEbay(grant, id)).toBe(0)

    // Another seller cannot say so of it; a name that is not a guess eBay gets is refused.
    const other = await registeredClient(ebay.t.app, `other-${randomUUID().slice(0, 8)}`)
    expect((await other.post(`/api/listings/${id}/guesses-checked`, { guesses: ['condition'] })).status).toBe(404)
    expect((await seller.post(`/api/listings/${id}/guesses-checked`, { guesses: ['brand'] })).status).toBe(400)
    const checked = await seller.post(`/api/listings/${id}/guesses-checked`, { guesses: [...GUESSED, 'condition'] })
    expect(checked.status).toBe(200)
    expect((await readJson(checked)).guesses).toEqual([])

    const second = await readJson(
      await seller.post('/api/bulk-posts', {
        clientId: randomUUID(),
        listingIds: [id],
        answers: { ebay: { postalCode: '95125' } },
      }),
    )
    await ebay.t.settle()
    const [posted] = (await readJson(await seller.get(`/api/bulk-posts/${second.id}`))).items as JsonBody[]
    expect(posted).toMatchObject({ status: 'posted' })
    expect(await livesOnEbay(grant, id)).toBe(1)
  })

  it('posting one from the dialog, which shows them, makes its guesses the seller’s', async () => {
    const seller = await registeredClient(ebay.t.app, `dialog-${randomUUID().slice(0, 8)}`)
    await connectEbay(ebay.fake, seller)
    const id = await listing(seller, { title: 'Fleece posted alone', ...byTheAi })
    const posted = await seller.post(`/api/listings/${id}/post-to-ebay`, { postalCode: '95125' })
    expect(posted.status, await posted.clone().text()).toBe(200)
    expect(await guessesOf(seller, id)).toEqual([])
  })
})
