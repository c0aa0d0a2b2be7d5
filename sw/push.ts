// Sale notifications (docs/decisions/0035): a push from the server, decrypted by the browser, is shown with the words
// api/contract/push.ts makes of it; a tap opens the listing in an open window of the app when there is one, else in a
// new one. A push whose payload is not a message of ours still shows something, as browsers require of every push.
import { notificationOf, type PushMessage } from '../api/contract/push-message.ts'

declare const self: ServiceWorkerGlobalScope

function readMessage(event: PushEvent): PushMessage | undefined {
  try {
    const message = event.data?.json() as PushMessage | undefined
    return message && typeof message.type === 'string' ? message : undefined
  } catch {
    return undefined
  }
}

async function show(message: PushMessage | undefined): Promise<void> {
  if (!message) return self.registration.showNotification('Snaplist', { body: 'Something changed in your listings.' })
  const { title, body, url, tag } = notificationOf(message)
  await self.registration.showNotification(title, {
    body,
    tag,
    data: { url },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
  })
}

/**
 * Takes an open window of the app to the URL and brings it forward, or opens a new one. It navigates before it focuses:
 * focusing needs the tap's permission, which a browser may withhold, and the listing should open either way.
 */
async function open(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const own = windows.find((client) => new URL(client.url).origin === self.location.origin)
  // navigate() works only on a window this worker controls: any other is left, and a new one opened.
  const navigated = await own?.navigate(url).catch(() => null)
  if (navigated) await navigated.focus().catch(() => undefined)
  else await self.clients.openWindow(url)
}

export function showPushNotifications(): void {
  self.addEventListener('push', (event) => event.waitUntil(show(readMessage(event))))
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const url = (event.notification.data as { url?: string } | null)?.url
    // Only a path of this app: the data came from the server, but a tap never leaves the app.
    event.waitUntil(open(url?.startsWith('/') && !url.startsWith('//') ? url : '/'))
  })
}
