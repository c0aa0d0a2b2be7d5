// Where a push may go (issue 46, G2): a subscription is the seller's to write, and every push is a POST carrying the
// server's VAPID signature, so only a genuine push service over https is ever one, its address is checked when the
// push connects (a name that resolves to this machine gets no connection, whatever it was when subscribing), a seller
// keeps a handful of devices and may send subscriptions only so often, and nothing the seller sees afterwards tells how
// the push service answered.
import { createServer, type Server } from 'node:net'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PUSH_SUBSCRIBE_LIMIT } from '../../../api/services/rate-limit.ts'
import { PUSH_NOTIFY_JOB } from '../../../api/services/push/notifications.ts'
import { PUSH_SUBSCRIPTIONS_PER_SELLER } from '../../../api/services/push/subscriptions.ts'
import { startFakePushService, type FakePushService } from '../../fakes/push-service.ts'
import { createTestApp, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

let pushService: FakePushService
let t: TestApp
/** A plain TCP port on this machine, as an internal service would be: it counts the connections it gets. */
let internal: Server
let internalPort: number
let internalConnections = 0
/** An app told that this machine's name is a push service, as a DNS answer could say of any name. */
let rebound: TestApp

beforeAll(async () => {
  pushService = await startFakePushService()
  internal = createServer((socket) => {
    internalConnections += 1
    socket.destroy()
  })
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
  internalPort = (internal.address() as { port: number }).port
  t = await createTestApp({ push: pushService.trust })
  rebound = await createTestApp({ push: { extraHosts: [`localhost:${internalPort}`] } })
})
afterAll(async () => {
  await Promise.all([t.close(), rebound.close()])
  await pushService.close()
  await new Promise((resolve) => internal.close(resolve))
})

type Seller = Awaited<ReturnType<typeof registeredClient>>
const seller = (name: string, app: TestApp = t) => registeredClient(app.app, `${name}-${randomUUID().slice(0, 8)}`)
const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
const endpointsOf = async (owner: Seller, app: TestApp = t) =>
  (
    await app.db.sql<{ endpoint: string }[]>`
      select endpoint from push_subscriptions where user_id = ${owner.id} order by id`
  ).map((row) => row.endpoint)

/** Something happens that the seller's devices with problems on are told of. */
async function notify(owner: Seller, app: TestApp = t) {
  await app.jobs.send(PUSH_NOTIFY_JOB, { userId: owner.id, event: { type: 'reconnect', marketplace: 'ebay' } })
  await app.settle()
  await app.settle()
}

describe('where a push may go', () => {
  it('takes only an https endpoint of a push service, on its port, and keeps nothing else', async () => {
    const owner = await seller('targets')
    const refused = [
      `https://127.0.0.1:${internalPort}/internal/admin`,
      `https://localhost:${internalPort}/internal/admin`,
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/push/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.test/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://push.services.mozilla.com/wpush/v2/abc',
      'https://attacker.test/push/abc',
    ]
    for (const endpoint of refused) {
      const reply = await owner.post('/api/push-subscriptions', { endpoint, keys })
      expect(reply.status, endpoint).toBe(400)
    }
    expect(await endpointsOf(owner)).toEqual([])

    const genuine = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGuQyavXutnMH5dGl8ZkVp',
    ]
    for (const endpoint of genuine) {
      const reply = await owner.post('/api/push-subscriptions', { endpoint, keys })
      expect(reply.status, endpoint).toBe(200)
    }
    expect(await endpointsOf(owner)).toEqual(genuine)
  })

  it('connects to no address of this machine, even under a name allowed as a push service', async () => {
    const owner = await seller('rebound', rebound)
    // A device's real keys, so the push is made and only its address stops it.
    const { keys: deviceKeys } = pushService.subscribe()
    const endpoint = `https://localhost:${internalPort}/push/abc`
    expect((await owner.post('/api/push-subscriptions', { endpoint, keys: deviceKeys })).status).toBe(200)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await notify(owner, rebound)
    logged.mockRestore()
    expect(internalConnections).toBe(0)
  })
})

describe("a seller's devices", () => {
  it(`keeps ${PUSH_SUBSCRIPTIONS_PER_SELLER}: a new one replaces the one sent least recently, and one event pushes to those alone`, async () => {
    const owner = await seller('many')
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_SELLER + 2 }, () => pushService.subscribe())
    for (const device of devices) {
      const reply = await owner.post('/api/push-subscriptions', device)
      expect(reply.status, await reply.clone().text()).toBe(200)
    }
    const kept = devices.slice(2).map((device) => device.endpoint)
    expect(await endpointsOf(owner)).toEqual(kept)

    await notify(owner)
    const pushed = devices.map((device) => pushService.attemptsAt(device.endpoint))
    expect(pushed).toEqual([0, 0, ...kept.map(() => 1)])
  })

  it(`may send subscriptions ${PUSH_SUBSCRIBE_LIMIT.max} times an hour, then is refused with nothing kept`, async () => {
    const owner = await seller('often')
    const device = pushService.subscribe()
    for (let sent = 0; sent < PUSH_SUBSCRIBE_LIMIT.max; sent += 1) {
      const reply = await owner.post('/api/push-subscriptions', device)
      expect(reply.status, `send ${sent + 1}`).toBe(200)
    }
    const another = pushService.subscribe()
    const refused = await owner.post('/api/push-subscriptions', another)
    expect(refused.status).toBe(429)
    expect((await readJson(refused)).code).toBe('rate_limited')
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await endpointsOf(owner)).toEqual([device.endpoint])
  })
})

describe('what the seller sees never depends on how the push service answered', () => {
  it('answers a device its service reported gone as it answers one that took the push, and pushes to it no more', async () => {
    const owner = await seller('oracle')
    const kinds = { sales: false, problems: true }
    const gone = pushService.subscribe()
    const took = pushService.subscribe()
    for (const device of [gone, took])
      expect((await owner.post('/api/push-subscriptions', { ...device, kinds })).status).toBe(200)
    pushService.answer(gone.endpoint, 410)

    await notify(owner)
    await notify(owner)
    expect([pushService.attemptsAt(gone.endpoint), pushService.attemptsAt(took.endpoint)]).toEqual([1, 2])

    // The Account screen sends the device again to read its kinds: the same answer either way.
    const again = await Promise.all([gone, took].map((device) => owner.post('/api/push-subscriptions', device)))
    expect(await Promise.all(again.map((reply) => readJson(reply)))).toEqual([{ kinds }, { kinds }])
    // Nobody else may take either device over, and the seller turns either off alike.
    const other = await seller('oracle-other')
    const takeOver = await Promise.all([gone, took].map((device) => other.post('/api/push-subscriptions', device)))
    expect(takeOver.map((reply) => reply.status)).toEqual([409, 409])
    const off = await Promise.all(
      [gone, took].map((device) => owner.call('DELETE', '/api/push-subscriptions', { endpoint: device.endpoint })),
    )
    expect(off.map((reply) => reply.status)).toEqual([200, 200])
  })
})
