// The one home of the push services (Google's, Mozilla's, Apple's: whichever the device's endpoint names). web-push
// encrypts the payload to the device (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292); the request itself goes
// out through push-transport.ts, only to a push service (push-hosts.ts) at an address checked as it connects.
import webPush from 'web-push'
import { isPushServiceEndpoint } from './push-hosts.ts'
import { createPushAgent, postPush, type PushAgentOptions } from './push-transport.ts'
import type { VapidKeys } from './vapid.ts'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** delivered: the service took it; gone: the device unsubscribed (404/410), so nothing more is sent to it. */
export type PushOutcome = 'delivered' | 'gone'

/** The push service is away or busy (429, 5xx, unreachable): the job tries again later. */
export class PushUnavailable extends Error {}

/** How long a push service keeps a push for a phone that is off: a sale still matters a day later. */
const TTL_SECONDS = 24 * 60 * 60
const TIMEOUT_MS = 15_000

export interface PushClientOptions extends PushAgentOptions {
  vapid: VapidKeys
  /** The VAPID subject: how a push service reaches whoever runs this server (an https: URL or mailto:). */
  subject: string
  /** PUSH_SERVICE_HOSTS: push services beside the browsers' own. */
  extraHosts?: readonly string[]
}

export interface PushClient {
  send(target: PushTarget, payload: string): Promise<PushOutcome>
}

export function createPushClient({ vapid, subject, extraHosts = [], ...agentOptions }: PushClientOptions): PushClient {
  const agent = createPushAgent(agentOptions)
  return {
    async send(target: PushTarget, payload: string): Promise<PushOutcome> {
      // Saved before the rule, or a host PUSH_SERVICE_HOSTS no longer names: not a push service, so nothing is sent.
      if (!isPushServiceEndpoint(target.endpoint, extraHosts)) return 'gone'
      const request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: { subject, ...vapid }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
      )
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      let status: number
      try {
        status = await postPush({ endpoint: request.endpoint, headers, body: request.body }, agent, TIMEOUT_MS)
      } catch (error) {
        throw new PushUnavailable(`the push service could not be reached: ${(error as Error).message}`)
      }
      if (status >= 200 && status < 300) return 'delivered'
      if (status === 404 || status === 410) return 'gone'
      if (status === 429 || status >= 500) throw new PushUnavailable(`the push service answered ${status}`)
      // 400/401/403/413: this server's request or key is wrong for that service (a lost VAPID pair answers 403); the
      // device cannot get pushes from this server as subscribed, so it subscribes again from the Account screen. A 3xx
      // is no push service's answer: it is not followed.
      console.error(`[push] ${new URL(target.endpoint).host} refused a push with ${status}`)
      return 'gone'
    },
  }
}
