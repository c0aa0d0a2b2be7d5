// The push agent refuses every address that is not a public one, whether the push service's name resolved to it (each
// address of the answer is checked as the push connects) or the endpoint named it; and the push services' names.
import type { LookupAddress } from 'node:dns'
import { request } from 'node:https'
import { describe, expect, it } from 'vitest'
import { isPushServiceEndpoint, parsePushServiceHosts } from '../../../api/services/push/push-hosts.ts'
import { createPushAgent, postPush } from '../../../api/services/push/push-transport.ts'

const NOT_PUBLIC = [
  '127.0.0.1',
  '127.1.2.3',
  '10.0.0.8',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '192.0.2.10',
  '198.18.0.1',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:a9fe:a9fe',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
  '2001:db8::1',
]

/** A DNS answer of these addresses, whatever the name. */
const answering =
  (addresses: string[]) => (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const all: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    if (options.all) callback(null, all)
    else callback(null, all[0]!.address, all[0]!.family)
  }

/** What connecting to push.example.test fails with when its name resolves to these addresses. */
function connectFailure(addresses: string[]): Promise<string> {
  return new Promise((resolve) => {
    const outgoing = request('https://push.example.test/push/x', {
      method: 'POST',
      agent: createPushAgent(),
      lookup: answering(addresses) as never,
      signal: AbortSignal.timeout(5000),
    })
    outgoing.on('error', (error) => resolve(error.message))
    outgoing.on('response', () => resolve('connected'))
    outgoing.end()
  })
}

describe('the push agent', () => {
  it.each(NOT_PUBLIC)('connects to no push service resolving to %s', async (address) => {
    expect(await connectFailure([address])).toContain('is not allowed')
  })

  it('connects to none when one address of the answer is not public', async () => {
    expect(await connectFailure(['8.8.8.8', '10.0.0.1'])).toContain('is not allowed')
  })

  it.each(['127.0.0.1', '[::1]', '[::ffff:7f00:1]', '169.254.169.254', '[fd00::1]'])(
    'connects to no endpoint naming %s',
    async (host) => {
      await expect(
        postPush({ endpoint: `https://${host}/push/x`, headers: {}, body: null }, createPushAgent(), 5000),
      ).rejects.toThrow(/is not allowed/)
    },
  )
})

describe('the push services', () => {
  it('are the browsers’ own, over https on 443, and those PUSH_SERVICE_HOSTS adds', () => {
    const extra = parsePushServiceHosts(' Push.Example.com:8443 , *.push.example.org')
    expect(extra).toEqual(['push.example.com:8443', '*.push.example.org'])
    const allowed = (endpoint: string) => isPushServiceEndpoint(endpoint, extra)
    expect(allowed('https://fcm.googleapis.com/wp/abc')).toBe(true)
    expect(allowed('https://FCM.googleapis.com:443/wp/abc')).toBe(true)
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true)
    expect(allowed('https://web.push.apple.com/abc')).toBe(true)
    expect(allowed('https://push.example.com:8443/abc')).toBe(true)
    expect(allowed('https://eu.push.example.org/abc')).toBe(true)
    expect(allowed('https://push.example.com/abc')).toBe(false)
    expect(allowed('https://push.example.org/abc')).toBe(false)
    expect(allowed('https://push.apple.com/abc')).toBe(false)
    expect(allowed('https://evilpush.apple.com.attacker.test/abc')).toBe(false)
    expect(allowed('https://fcm.googleapis.com./wp/abc')).toBe(false)
    expect(() => parsePushServiceHosts('https://push.example.com')).toThrow(/PUSH_SERVICE_HOSTS/)
  })
})
