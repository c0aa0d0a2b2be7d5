// The one home of the push services (Google's, Mozilla's, Apple's: whichever the device's endpoint names). web-push
// encrypts the payload to the device (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the request itself goes
// out with fetch, so the answer is read here and a plain-http stand-in can take it in tests.
import webPush from 'web-push'
import type { VapidKeys } from './vapid.ts'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** delivered: the service took it; gone: the device unsubscribed (404/410), so it is forgotten. */
export type PushOutcome = 'delivered' | 'gone'

/** The push service is away or busy (429, 5xx, unreachable): the job tries again later. */
export class PushUnavailable extends Error {}

/** How long a push service keeps a push for a phone that is off: a sale still matters a day later. */
const TTL_SECONDS = 24 * 60 * 60
const TIMEOUT_MS = 15_000

export interface PushClientOptions {
  vapid: VapidKeys
  /** The VAPID subject: how a push service reaches whoever runs this server (an https: URL or mailto:). */
  subject: string
  /** Plain-http endpoints are refused unless allowed (the tests' stand-in); real push services are all https. */
  allowHttp?: boolean
  fetcher?: typeof fetch
}

export function createPushClient({ vapid, subject, allowHttp = false, fetcher = fetch }: PushClientOptions) {
  return {
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      // A subscription names its own endpoint; a non-https one cannot be a push service, so nothing is sent there.
      if (!allowHttp && !target.endpoint.startsWith('https://')) return 'gone'
      const request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: { subject, ...vapid }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
      )
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      let reply: Response
      try {
        reply = await fetcher(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        throw new PushUnavailable(`the push service could not be reached: ${(error as Error).message}`)
      }
      await reply.body?.cancel()
      if (reply.ok) return 'delivered'
      if (reply.status === 404 || reply.status === 410) return 'gone'
      if (reply.status === 429 || reply.status >= 500)
        throw new PushUnavailable(`the push service answered ${reply.status}`)
      // 400/401/403/413: this server's request or key is wrong for that service (a lost VAPID pair answers 403); the
      // device cannot get pushes from this server as subscribed, so it subscribes again from the Account screen.
      console.error(`[push] ${new URL(target.endpoint).host} refused a push with ${reply.status}`)
      return 'gone'
    },
  }
}

export type PushClient = ReturnType<typeof createPushClient>
