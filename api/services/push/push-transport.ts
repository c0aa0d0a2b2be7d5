// How a push leaves this server: one https POST through an agent that checks every address a push service's name
// resolves to as it connects (not only when the device subscribed), so a name that resolves, or is made to resolve
// later, to this machine or its network gets no connection: loopback, private, link-local, unique-local, carrier-grade
// NAT, multicast, reserved and documentation ranges, IPv4-mapped and the other IPv6 forms that embed an IPv4 address.
import { request } from 'node:https'
import { RequestFilteringHttpsAgent } from 'request-filtering-agent'

/** Where the tests' push-service stand-in listens; connected to only when a test allows it. */
const LOOPBACK = ['127.0.0.0/8', '::1/128']

export interface PushAgentOptions {
  /** Tests only: a certificate to trust beside the system's (the stand-in's self-signed one). */
  ca?: string
  /** Tests only: loopback addresses may be connected to (the stand-in's). Never from a setting. */
  allowLoopback?: boolean
}

export type PushAgent = RequestFilteringHttpsAgent

export function createPushAgent({ ca, allowLoopback = false }: PushAgentOptions = {}): PushAgent {
  return new RequestFilteringHttpsAgent({ ...(ca ? { ca } : {}), allowIPAddressList: allowLoopback ? LOOPBACK : [] })
}

export interface PushRequest {
  endpoint: string
  headers: Record<string, string>
  body: Buffer | null
}

/**
 * POSTs the push and answers the status; the reply's body is never read (a push service says all in its status), and
 * no redirect is followed. Rejects when the address is refused, the service cannot be reached or takes over `timeoutMs`.
 */
export function postPush({ endpoint, headers, body }: PushRequest, agent: PushAgent, timeoutMs: number) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      endpoint,
      { method: 'POST', headers, agent, signal: AbortSignal.timeout(timeoutMs) },
      (reply) => {
        resolve(reply.statusCode ?? 0)
        reply.destroy()
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body ?? undefined)
  })
}
