// Live event streams are bounded (issue 46 G4): a session or seller opening one stream more than its cap loses its
// oldest (told it was replaced, so it does not reconnect at once), a process holding its total refuses the next with
// 503 and Retry-After while the others go on, and a stream too far behind (more changes than a replay sends, or a log
// purged past it) is told to read its lists again instead of being sent the whole day.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENTS_BEHIND, EVENTS_REPLACED } from '../../../api/contract/events.ts'
import { openEventStream, type HeldStream } from '../../helpers/event-stream.ts'
import { JACKET } from '../../helpers/jacket.ts'
import {
  client,
  createTestApp,
  newUser,
  readJson,
  registeredClient,
  TEST_ORIGIN,
  uploadPhotos,
  type TestApp,
} from '../../helpers/test-app.ts'

const CAPS = { perSession: 2, perSeller: 3, perProcess: 6, replayMax: 20 }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ eventStreams: CAPS })
})
afterAll(() => t.close())

type Seller = Awaited<ReturnType<typeof registeredClient>> & { name: string }

async function seller(name: string): Promise<Seller> {
  const unique = `${name}-${randomUUID().slice(0, 8)}`
  return Object.assign(await registeredClient(t.app, unique), { name: unique })
}

/** Another session of the same seller: signed in again, as on another device. */
async function anotherSession(of: Seller): Promise<string> {
  const device = client(t.app)
  const response = await device.post('/api/login', { username: of.name, password: newUser(of.name).password })
  expect(response.status).toBe(200)
  return device.cookie
}

const open = (cookie: string, options?: Parameters<typeof openEventStream>[2]) =>
  openEventStream(t.app, cookie, options)
const closeAll = (streams: HeldStream[]) => Promise.all(streams.map((stream) => stream.close()))
const isOpen = async (stream: HeldStream) =>
  Promise.race([stream.ended.then(() => false), new Promise<boolean>((resolve) => setTimeout(resolve, 50, true))])
/** Waits (a few seconds at most) for the server to end the stream. */
const endedByServer = (stream: HeldStream) => expect.poll(() => isOpen(stream), { timeout: 5000 }).toBe(false)
const eventsNamed = (stream: HeldStream, name: string) => stream.messages.filter((message) => message.event === name)

async function newListing(owner: Seller, title: string, description = '') {
  const images = await uploadPhotos(owner, 1)
  const response = await owner.post('/api/listings', { ...JACKET, title, description, images, quantity: 1 })
  expect(response.status, await response.clone().text()).toBe(201)
  return readJson(response)
}

describe('live event streams, bounded', () => {
  it('closes a session’s oldest stream when it opens one more than its cap, saying it was replaced', async () => {
    const alice = await seller('tabs')
    const first = await open(alice.cookie)
    const second = await open(alice.cookie)
    const third = await open(alice.cookie)
    try {
      await endedByServer(first)
      expect(eventsNamed(first, EVENTS_REPLACED)).toHaveLength(1)
      expect(await isOpen(second)).toBe(true)
      expect(await isOpen(third)).toBe(true)
      // The streams still open carry the seller's changes.
      const listing = await newListing(alice, 'Waxed jacket')
      for (const stream of [second, third]) await stream.waitFor((change) => change.listingId === listing.id)
    } finally {
      await closeAll([first, second, third])
    }
  })

  it('closes a seller’s oldest stream when their sessions together open one more than the seller’s cap', async () => {
    const bob = await seller('devices')
    const cookies = [bob.cookie, await anotherSession(bob), await anotherSession(bob), await anotherSession(bob)]
    const streams: HeldStream[] = []
    try {
      for (const cookie of cookies) streams.push(await open(cookie))
      await endedByServer(streams[0]!)
      expect(eventsNamed(streams[0]!, EVENTS_REPLACED)).toHaveLength(1)
      for (const stream of streams.slice(1)) expect(await isOpen(stream)).toBe(true)
      // Another seller's streams are theirs to count: Carol opens hers as usual.
      const carol = await seller('neighbour')
      const hers = await open(carol.cookie)
      streams.push(hers)
      expect(hers.status).toBe(200)
    } finally {
      await closeAll(streams)
    }
  })

  it('refuses a stream with 503 and Retry-After once the process holds its total, while the open ones go on', async () => {
    const sellers = await Promise.all(Array.from({ length: CAPS.perProcess + 1 }, (_, i) => seller(`crowd-${i}`)))
    const streams: HeldStream[] = []
    try {
      for (const one of sellers.slice(0, CAPS.perProcess)) streams.push(await open(one.cookie))
      const last = sellers.at(-1)!
      const refused = await t.app.request(`${TEST_ORIGIN}/api/events`, {
        headers: { origin: TEST_ORIGIN, cookie: last.cookie, accept: 'text/event-stream' },
      })
      expect(refused.status).toBe(503)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await readJson(refused)).toMatchObject({ code: 'events_busy', message: expect.stringMatching(/\w/) })
      for (const stream of streams) expect(await isOpen(stream)).toBe(true)
      // One closes: there is room again.
      await streams.shift()!.close()
      const admitted = await open(last.cookie)
      streams.push(admitted)
      expect(admitted.status).toBe(200)
    } finally {
      await closeAll(streams)
    }
  })

  it('tells a stream with more to replay than a replay sends to read its lists again, and sends none of them', async () => {
    const dana = await seller('busy-day')
    // A day of edits to one listing with a long description: each would carry the whole listing.
    const listing = await newListing(dana, 'Quilted coat', 'Warm. '.repeat(600))
    await t.db.sql`
      insert into change_events (user_id, kind, listing_id)
      select ${dana.id}, 'listing-edited', ${listing.id} from generate_series(1, 300)`
    const [last] = await t.db.sql<{ id: string }[]>`
      select max(id)::text as id from change_events where user_id = ${dana.id}`
    const whole = await open(dana.cookie, { after: '0' })
    try {
      await expect.poll(() => eventsNamed(whole, EVENTS_BEHIND).length).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(whole.changes()).toEqual([])
      // It resumes from now: the last change is its position.
      expect(whole.lastId()).toBe(last!.id)
      const bytes = whole.messages.reduce((sum, message) => sum + message.data.length, 0)
      expect(bytes).toBeLessThan(1_000)
    } finally {
      await whole.close()
    }
    // Within the bound the changes are sent as ever.
    const near = await open(dana.cookie, { after: String(BigInt(last!.id) - BigInt(CAPS.replayMax)) })
    try {
      await expect.poll(() => near.changes().length).toBe(CAPS.replayMax)
      expect(eventsNamed(near, EVENTS_BEHIND)).toEqual([])
    } finally {
      await near.close()
    }
  })

  it('tells a stream resuming from before the log was purged to read its lists again', async () => {
    const erin = await seller('away')
    const first = await open(erin.cookie)
    const from = first.lastId()!
    await first.close()
    const purged = await newListing(erin, 'Linen shirt')
    await newListing(erin, 'Silk scarf')
    // A day later the hourly purge has taken the oldest changes, the shirt's among them: resuming would miss it.
    await t.db.sql`
      delete from change_events
      where id <= (select max(id) from change_events where listing_id = ${purged.id as number})`
    const resumed = await open(erin.cookie, { lastEventId: from })
    try {
      await expect.poll(() => eventsNamed(resumed, EVENTS_BEHIND).length).toBe(1)
      expect(resumed.changes()).toEqual([])
    } finally {
      await resumed.close()
    }
  })
})
