// POST /api/listings/{id}/end-on-etsy and /relist-on-etsy (decision 0063): the row's End on Etsy and Relist on Etsy, as
// eBay's. The seller's own listing only; Etsy's listing goes inactive and back to active, the listing's place and
// status follow, and the Dashboard's Live on Etsy filter and its count with them.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ListingPage } from '../../../api/contract/listing-search.ts'
import { startFakeEtsy, type FakeEtsy } from '../../fakes/etsy.ts'
import { connectEtsy, etsyApp } from '../../helpers/etsy.ts'
import { readJson, registeredClient, uploadPhotos, type JsonBody, type TestApp } from '../../helpers/test-app.ts'

let fake: FakeEtsy
let t: TestApp

beforeAll(async () => {
  fake = await startFakeEtsy({ sharedSecret: 'the-shared-secret' })
  t = await etsyApp(fake)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

type Seller = Awaited<ReturnType<typeof registeredClient>>

async function seller(name: string): Promise<Seller> {
  const client = await registeredClient(t.app, `${name}-${randomUUID().slice(0, 8)}`)
  await connectEtsy(fake, client)
  return client
}

async function listing(client: Seller, title: string): Promise<JsonBody> {
  const response = await client.post('/api/listings', {
    title,
    description: 'Light wash, no stains.',
    category: 'clothing',
    color: 'blue',
    price: 45,
    quantity: 1,
    images: await uploadPhotos(client, 1),
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return readJson(response)
}

async function onEtsy(client: Seller, id: number) {
  const posted = await client.post(`/api/listings/${id}/post-to-etsy`, {
    whoMade: 'someone_else',
    whenMade: '1990s',
    isSupply: false,
  })
  expect(posted.status, await posted.clone().text()).toBe(200)
}

const etsyState = (title: string) => [...fake.shop.listings.values()].find((held) => held.title === title)?.state
const search = async (client: Seller, query: string) => (await readJson(await client.get(query))) as ListingPage
const stored = async (client: Seller, id: number) => readJson(await client.get(`/api/listings/${id}`))

describe('End on Etsy and Relist on Etsy', () => {
  it('ends the listing on Etsy and puts it back up; Live on Etsy finds it while it is live there', async () => {
    const client = await seller('ends')
    const title = `Corduroy coat ${randomUUID().slice(0, 8)}`
    const { id } = await listing(client, title)
    await listing(client, `Plain tote ${randomUUID().slice(0, 8)}`)
    await onEtsy(client, id)

    const live = await search(client, '/api/listings/search?status=live-on-etsy')
    expect(live.listings.map((held) => held.title)).toEqual([title])
    expect(live.total).toBe(1)
    expect(live.counts).toMatchObject({ ready: 1, live: 1, 'live-on-etsy': 1, 'live-on-ebay': 0 })
    expect((await search(client, '/api/listings/search?status=live-on-ebay')).listings).toEqual([])

    const ended = await client.post(`/api/listings/${id}/end-on-etsy`)
    expect(ended.status, await ended.clone().text()).toBe(200)
    expect(await readJson(ended)).toMatchObject({ message: 'Ended on Etsy.', platformStatus: 'ended', viewUrl: null })
    expect(etsyState(title)).toBe('inactive')
    expect(await stored(client, id)).toMatchObject({
      status: 'ended',
      places: [{ marketplace: 'etsy', state: 'ended' }],
    })
    const after = await search(client, '/api/listings/search?status=live-on-etsy')
    expect(after.listings).toEqual([])
    expect(after.counts).toMatchObject({ live: 0, 'live-on-etsy': 0, ended: 1 })
    // Ending it again asks Etsy nothing and answers the same.
    expect(await readJson(await client.post(`/api/listings/${id}/end-on-etsy`))).toMatchObject({
      platformStatus: 'ended',
    })

    const relisted = await client.post(`/api/listings/${id}/relist-on-etsy`)
    expect(relisted.status, await relisted.clone().text()).toBe(200)
    expect(await readJson(relisted)).toMatchObject({ message: 'Relisted on Etsy.', platformStatus: 'active' })
    expect(etsyState(title)).toBe('active')
    expect((await search(client, '/api/listings/search?status=live-on-etsy')).total).toBe(1)
  })

  it("refuses another seller's listing and one never on Etsy, changing nothing", async () => {
    const owner = await seller('owner')
    const title = `Wool scarf ${randomUUID().slice(0, 8)}`
    const { id } = await listing(owner, title)
    await onEtsy(owner, id)
    const other = await seller('other')
    for (const action of ['end-on-etsy', 'relist-on-etsy']) {
      const refused = await other.post(`/api/listings/${id}/${action}`)
      expect(refused.status).toBe(404)
      expect((await readJson(refused)).message).toBe(
        'That listing does not exist or is not yours. Refresh the Dashboard.',
      )
    }
    expect(etsyState(title)).toBe('active')
    const { id: never } = await listing(owner, `Brass lamp ${randomUUID().slice(0, 8)}`)
    const notThere = await owner.post(`/api/listings/${never}/end-on-etsy`)
    expect(notThere.status).toBe(404)
    expect((await readJson(notThere)).message).toBe('This listing is not on Etsy.')
  })
})
