// A push service stand-in (what FCM or Mozilla's autopush are to a real phone). It hands out subscriptions as a
// browser would make them (an endpoint under its address, a P-256 key pair and an auth secret it keeps the private half
// of), and for each POST to an endpoint checks what a real service checks: the VAPID JWT (RFC 8292: ES256 under the key
// in `Authorization: vapid t=…, k=…`, aud its own origin, exp in the future and at most 24 h away) and then decrypts the
// aes128gcm payload (RFC 8291) as the phone would, so tests assert the very text the phone would show. An endpoint can
// be made to answer 404/410 (gone) or 429/500 (busy), as real services do. It is https, as every push service is, under
// a certificate of its own that the app under test is told to trust, on loopback, which the app connects to only when
// told (`trust`).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { Hono } from 'hono'
import { generate } from 'selfsigned'
import type { PushOptions } from '../../api/services/push/push-services.ts'
import { listen } from './listen.ts'

export interface FakeSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  endpoint: string
  /** The payload as the device decrypts it. */
  text: string
  /** The VAPID public key (k=) the push was signed with. */
  vapidKey: string
  ttl: string | null
  urgency: string | null
}

interface Device {
  ecdh: ReturnType<typeof createECDH>
  auth: Buffer
}

const b64 = (bytes: Buffer) => bytes.toString('base64url')
const fromB64 = (text: string) => Buffer.from(text, 'base64url')

/** RFC 8291 §3.4 and RFC 8188 §2: the one record of a Web Push payload, decrypted with the device's keys. */
export function decryptPush(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20]!
  const serverPublic = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  if (idLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record with a P-256 key id')
  const devicePublic = device.ecdh.getPublicKey()
  const shared = device.ecdh.computeSecret(serverPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublic, serverPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('the last record lacks its padding delimiter')
  return padded.subarray(0, end).toString('utf8')
}

/** RFC 8292: the reason a push's VAPID authorization is refused, or undefined when it holds. */
export function vapidRefusal(authorization: string | undefined, origin: string): string | undefined {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization ?? '')
  if (!match) return 'no vapid t=…, k=… authorization'
  const [header, payload, signature] = match[1]!.split('.') as [string, string, string]
  const raw = fromB64(match[2]!)
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 point'
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: 'jwk',
  })
  const head = JSON.parse(fromB64(header).toString()) as { alg?: string }
  if (head.alg !== 'ES256') return `alg ${head.alg} is not ES256`
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    fromB64(signature),
  )
  if (!signed) return 'the JWT signature does not verify under k'
  const claims = JSON.parse(fromB64(payload).toString()) as { aud?: string; exp?: number; sub?: string }
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`
  const now = Date.now() / 1000
  if (typeof claims.exp !== 'number' || claims.exp <= now) return 'exp is not in the future'
  if (claims.exp > now + 24 * 60 * 60 + 60) return 'exp is more than 24 h away'
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'sub is not a mailto: or https: URL'
  return undefined
}

/** A certificate for the stand-in's addresses, made once per test file. */
let certificate: Promise<{ key: string; cert: string }> | undefined
const standInCertificate = () =>
  (certificate ??= generate([{ name: 'commonName', value: 'Snaplist test stand-in for a push service' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert })))

export async function startFakePushService() {
  const devices = new Map<string, Device>()
  /** Every POST's endpoint, whatever it was answered. */
  const attempts: string[] = []
  const received: ReceivedPush[] = []
  const refusals: { endpoint: string; reason: string }[] = []
  /** An endpoint's forced answer (404/410 gone, 429/500 busy). */
  const answers = new Map<string, number>()
  let origin = ''

  const app = new Hono().post('/push/:id', async (c) => {
    const endpoint = `${origin}/push/${c.req.param('id')}`
    attempts.push(endpoint)
    const forced = answers.get(endpoint)
    if (forced) return c.body(null, forced as 404)
    const device = devices.get(endpoint)
    if (!device) return c.body(null, 404)
    const authorization = c.req.header('authorization')
    const reason =
      vapidRefusal(authorization, origin) ??
      (c.req.header('content-encoding') === 'aes128gcm' ? undefined : 'Content-Encoding is not aes128gcm') ??
      (c.req.header('ttl') ? undefined : 'no TTL')
    if (reason) {
      refusals.push({ endpoint, reason })
      return c.json({ reason }, 403)
    }
    let text: string
    try {
      text = decryptPush(Buffer.from(await c.req.arrayBuffer()), device)
    } catch (error) {
      refusals.push({ endpoint, reason: `undecryptable: ${(error as Error).message}` })
      return c.json({ reason: 'undecryptable' }, 400)
    }
    const vapidKey = /k=([\w-]+)/.exec(authorization!)![1]!
    received.push({
      endpoint,
      text,
      vapidKey,
      ttl: c.req.header('ttl') ?? null,
      urgency: c.req.header('urgency') ?? null,
    })
    return c.body(null, 201)
  })

  const tls = await standInCertificate()
  const server = await listen(
    app as unknown as Hono,
    0,
    (url) => {
      origin = url
      return {}
    },
    tls,
  )

  return {
    url: server.url,
    close: server.close,
    /** What the app under test needs to push here: its host allowed, its certificate trusted, loopback connected to. */
    trust: { extraHosts: [new URL(server.url).host], ca: tls.cert, allowLoopback: true } satisfies PushOptions,
    /** How many POSTs this endpoint got, answered or not. */
    attemptsAt: (endpoint: string) => attempts.filter((attempt) => attempt === endpoint).length,
    /** A subscription as the browser's pushManager.subscribe() would give it (its toJSON()). */
    subscribe(): FakeSubscription {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const endpoint = `${origin}/push/${b64(randomBytes(12))}`
      devices.set(endpoint, { ecdh, auth })
      return { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } }
    },
    /** The pushes this endpoint got, decrypted, oldest first. */
    receivedBy: (endpoint: string) => received.filter((push) => push.endpoint === endpoint),
    received,
    refusals,
    /** From now on the endpoint answers `status` (404/410: gone; 429/500: busy); undefined makes it take pushes again. */
    answer(endpoint: string, status: number | undefined) {
      if (status === undefined) answers.delete(endpoint)
      else answers.set(endpoint, status)
    },
  }
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>
