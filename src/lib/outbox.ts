// The page's outbox, wired once: the offline store for each account, the sender (outbox-sender.ts) and its schedule
// (outbox-schedule.ts), woken by every outbox write, and the calls the screens make into the store.
import type { Transaction } from 'dexie'
import { localDb, type OutboxEntry } from '../offline/db.ts'
import { createDraftStore } from '../offline/drafts.ts'
import { createSyncEngine } from '../offline/outbox-sender.ts'
import { BACKGROUND_SYNC_TAG, createSyncScheduler } from '../offline/outbox-schedule.ts'
import { pendingExpenses } from '../offline/pending-expenses.ts'
import { fetchTransport } from '../offline/transport.ts'
import { flushFieldEdits } from './field-edits.ts'

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

function requestBackgroundSync() {
  if (!('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(BACKGROUND_SYNC_TAG),
    )
    .catch(() => {
      // Browsers without Background Sync (or with it off) sync when the app is next open; nothing is lost.
    })
}

/** The offline store acting for one account: it sees and changes only that account's drafts. */
export const draftsOf = (userId: number) => createDraftStore(localDb(), userId)
/** The account's expenses kept on the phone until the server has them (docs/decisions/0062). */
export const expensesOf = (userId: number) => pendingExpenses(localDb(), userId)
export const syncEngine = createSyncEngine({ db: localDb(), transport: fetchTransport() })
export const syncScheduler = createSyncScheduler({ engine: { run: sendAsTyped }, requestBackgroundSync })
wakeOnOutboxWrites()

/**
 * The offline store wakes the scheduler itself: work put in the outbox, or made due again (a retry), is sent as soon
 * as its transaction has committed, and the first of it asks the browser to keep the drafts. No screen has to remember
 * to (issue 28 item 4); the engine's own writes after a failure push an entry later and wake nothing.
 */
function wakeOnOutboxWrites() {
  const outbox = localDb().outbox
  const woken = new WeakSet<Transaction>()
  const wakeAfter = (transaction: Transaction) => {
    if (woken.has(transaction)) return
    woken.add(transaction)
    transaction.on('complete', () => {
      keepDraftsSafe()
      syncScheduler.kick()
    })
  }
  outbox.hook('creating', (_key, _entry, transaction) => wakeAfter(transaction))
  outbox.hook('updating', (changes, _key, _entry, transaction) => {
    const next = (changes as Partial<OutboxEntry>).nextAttemptAt
    if (typeof next === 'number' && next <= Date.now()) wakeAfter(transaction)
  })
}

/**
 * A run of the page's sender first writes the edits still waiting for a pause in typing (field-edits.ts), so it sends
 * the drafts as the seller left them. An edit that cannot be written (the draft is no longer this phone's account's)
 * does not stop the sending of the others.
 */
async function sendAsTyped() {
  await flushFieldEdits().catch(() => {})
  return syncEngine.run()
}

let persistAsked = false
/** Asks the browser not to evict drafts under storage pressure; asked once, when the first draft is saved. */
export function keepDraftsSafe() {
  if (persistAsked || !navigator.storage?.persist) return
  persistAsked = true
  void navigator.storage.persisted().then((already) => already || navigator.storage.persist())
}

export interface SignedInOnPhone {
  userId: number
  /**
   * Drafts from before they had an owner (database version 1) go to this account only when it is the one this phone
   * remembered as signed in when the app opened (src/lib/last-user.ts): every logout forgets it, so that account
   * has been signed in since before the upgrade, and the old app would have sent them to it anyway. After a logout
   * nobody is remembered, and they stay unowned (seen and sent by nobody) rather than go to the wrong account.
   */
  madeDraftsFromBefore: boolean
}

/** Records who is signed in for the service worker (shared photos become their drafts). */
async function recordSignedIn({ userId, madeDraftsFromBefore }: SignedInOnPhone) {
  await localDb().signedIn.put({ key: 'current', userId })
  if (madeDraftsFromBefore) await draftsOf(userId).claimUnowned()
}

/** What logging out would leave on this phone for the account; null when nothing. */
export async function unsyncedOnPhone(userId: number) {
  const counts = await draftsOf(userId).unsyncedCounts()
  return counts.drafts + counts.expenses > 0 ? counts : null
}

/** After logout: nobody is signed in on this phone; the account's synced drafts go, the unsynced ones if asked. */
export async function leavePhone(userId: number, removeUnsynced: boolean) {
  await localDb().signedIn.delete('current')
  await draftsOf(userId).leavePhone(removeUnsynced)
}

let listening = false
/**
 * Syncs now, and from then on when the network returns and when the page is shown again. `onSignedOut` hears when the
 * server stopped accepting the session mid-sync (it expired, or the seller signed out elsewhere).
 */
export async function startSync(account: SignedInOnPhone, onSignedOut: () => void) {
  await recordSignedIn(account)
  if (!listening) {
    listening = true
    window.addEventListener('online', syncScheduler.kick)
    window.addEventListener('offline', syncScheduler.wentOffline)
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && syncScheduler.kick())
    syncScheduler.subscribe(() => syncScheduler.status() === 'signed-out' && onSignedOut())
  }
  syncScheduler.kick()
}
