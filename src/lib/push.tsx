// Sale notifications on this device (docs/decisions/0035): turning them on (the browser's permission, a subscription
// to its push service under the server's VAPID key, saved with the kinds the seller wants), reading and changing the
// kinds, turning them off (this device only), and the one-time offer when a listing first goes live. The service worker
// (sw/push.ts) shows what arrives.
import type { NotificationKinds, PushSettings } from '../../api/contract/push.ts'
import { api, hasCode, okJson, okResponse } from './api.ts'
import { withToasts } from './toasts.ts'

const ALL_KINDS: NotificationKinds = { sales: true, problems: true }
/** Set once the seller was offered notifications on this device, so they are never asked twice. */
const OFFERED_KEY = 'snaplist.push-offered'

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

const registration = () => navigator.serviceWorker.ready

async function save(subscription: PushSubscription, kinds?: NotificationKinds): Promise<PushSettings> {
  const json = { ...(subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } }), kinds }
  return okJson(api['push-subscriptions'].$post({ json }))
}

async function subscribe(): Promise<PushSubscription> {
  const { publicKey } = await okJson(api['push-subscriptions'].key.$get())
  return (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey })
}

/** This device's kinds, or undefined when it gets no notifications (or the browser cannot have them). */
export async function devicePushSettings(): Promise<NotificationKinds | undefined> {
  if (!pushSupported() || Notification.permission !== 'granted') return undefined
  const subscription = await (await registration()).pushManager.getSubscription()
  if (!subscription) return undefined
  try {
    // Sent again without kinds: the server answers the device's own (and has it again if it had forgotten it).
    return (await save(subscription)).kinds
  } catch (error) {
    // Another account's subscription on this browser: this seller's device gets none until they turn it on.
    if (hasCode(error, 'push_subscription_taken')) return undefined
    throw error
  }
}

/** Asks the browser's permission (the seller's tap must lead here) and turns notifications on with these kinds. */
export async function turnOnPush(kinds: NotificationKinds = ALL_KINDS): Promise<NotificationKinds | undefined> {
  if (!pushSupported() || (await Notification.requestPermission()) !== 'granted') return undefined
  let subscription = (await (await registration()).pushManager.getSubscription()) ?? (await subscribe())
  try {
    return (await save(subscription, kinds)).kinds
  } catch (error) {
    if (!hasCode(error, 'push_subscription_taken')) throw error
    // Another account's on this browser: a new subscription (a new endpoint) is this seller's own.
    await subscription.unsubscribe()
    subscription = await subscribe()
    return (await save(subscription, kinds)).kinds
  }
}

/** Turns this device's notifications off; the seller's other devices keep theirs. */
export async function turnOffPush(): Promise<void> {
  const subscription = await (await registration()).pushManager.getSubscription()
  if (!subscription) return
  const reply = await api['push-subscriptions'].$delete({ json: { endpoint: subscription.endpoint } })
  // 404: the server had forgotten this device already.
  if ((reply.status as number) !== 404) await okResponse(reply)
  await subscription.unsubscribe()
}

/**
 * A listing just went live: the moment the seller wants to hear that it sold. Offered once per device, never when the
 * browser cannot, was asked before, or already has them on; the browser's own prompt follows their tap.
 */
export function offerPushOnce(): void {
  if (!pushSupported() || Notification.permission !== 'default' || localStorage.getItem(OFFERED_KEY)) return
  localStorage.setItem(OFFERED_KEY, new Date().toISOString())
  withToasts(({ toast }) =>
    toast.info(
      ({ closeToast }) => (
        <div className="flex items-center justify-between gap-3">
          <span>Get a notification on this phone when it sells?</span>
          <button
            type="button"
            onClick={() => {
              closeToast()
              void turnOnPush().catch(() => undefined)
            }}
            className="rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-semibold text-white"
          >
            Turn on
          </button>
        </div>
      ),
      { autoClose: false, closeOnClick: false, toastId: 'offer-push' },
    ),
  )
}
