// An app with two sellers registered, alice and bob, opened before a file's tests and closed after them, and a listing
// of a home item made through the API: what the tests of a seller's own things (books, labels, Insights) start from.
import { afterAll, beforeAll, expect } from 'vitest'
import type { Listing } from '../../api/contract/listing.ts'
import { client, createTestApp, newUser, readJson, type TestApp } from './test-app.ts'

export type Seller = ReturnType<typeof client>

export interface TwoSellers {
  t: TestApp
  alice: Seller
  bob: Seller
  aliceId: number
  bobId: number
}

/** Names are the file's own (`prefix`-alice), so files sharing a database never meet each other's sellers. */
export function twoSellersPerFile(prefix: string): TwoSellers {
  const opened = {} as TwoSellers
  beforeAll(async () => {
    opened.t = await createTestApp()
    opened.alice = client(opened.t.app)
    opened.bob = client(opened.t.app)
    opened.aliceId = (await readJson(await opened.alice.post('/api/register', newUser(`${prefix}-alice`)))).id as number
    opened.bobId = (await readJson(await opened.bob.post('/api/register', newUser(`${prefix}-bob`)))).id as number
  })
  afterAll(() => opened.t.close())
  return opened
}

/** A white home item (a Pyrex bowl unless `fields` say otherwise), created by the seller. */
export async function createListing(seller: Seller, fields: Record<string, unknown> = {}): Promise<Listing> {
  const response = await seller.post('/api/listings', {
    title: 'Pyrex bowl',
    category: 'home',
    color: 'white',
    ...fields,
  })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await readJson(response)) as Listing
}
