// The push services a subscription may name: the browsers' own, and those PUSH_SERVICE_HOSTS adds. A subscription is
// the seller's to write, so its endpoint is where this server would POST with its VAPID signature: only a genuine push
// service, over https on its port, is ever one (docs/security.md, "Sale notifications").

/**
 * Whose endpoints browsers hand out: Google's FCM (Chrome, Edge, Samsung Internet, Opera, Brave), Mozilla's autopush
 * (Firefox), Windows' WNS (Edge before Chromium) and Apple's (Safari). `*.` names every subdomain, never the bare one.
 */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
] as const

const HTTPS_PORT = '443'
/** A host name or `*.` and a domain, lower case, and an optional port. */
const PATTERN = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/

/** PUSH_SERVICE_HOSTS: comma-separated names as KNOWN_PUSH_SERVICES has them, each with an optional :port (443 else). */
export function parsePushServiceHosts(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
  const wrong = hosts.find((host) => !PATTERN.test(host))
  if (wrong)
    throw new Error(
      `PUSH_SERVICE_HOSTS must be host names separated by commas (push.example.com, *.push.example.com, push.example.com:8443), got "${wrong}".`,
    )
  return hosts
}

function matches(pattern: string, hostname: string, port: string): boolean {
  const [name, patternPort = HTTPS_PORT] = pattern.split(':') as [string, string?]
  if (port !== patternPort) return false
  if (!name.startsWith('*.')) return hostname === name
  const domain = name.slice(1)
  return hostname.endsWith(domain) && hostname.length > domain.length
}

/** Whether a push to this endpoint goes to a push service: https, no credentials, a known host on its port. */
export function isPushServiceEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const port = url.port || HTTPS_PORT
  return [...KNOWN_PUSH_SERVICES, ...extraHosts].some((pattern) => matches(pattern, url.hostname, port))
}
