// What this phone's offline store says about the Dashboard: how many new drafts it holds, and each listing's edit not
// yet on the server. The offline store (Dexie) loads after the first screen (see src/shell/dashboard.tsx), so the drafts panel
// publishes this once it has loaded, and the listing rows and status filters read it without loading the store.
import { useSyncExternalStore } from 'react'
import type { DraftStatus } from '../offline/draft-status.ts'

export interface PhoneState {
  /** New listings being drafted on this phone (the Draft status). */
  draftCount: number
  /** By listing id: its edit on this phone that the server does not have yet. */
  edits: ReadonlyMap<number, DraftStatus>
}

const NOTHING_KNOWN: PhoneState = { draftCount: 0, edits: new Map() }
let state = NOTHING_KNOWN
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const keyOf = ({ draftCount, edits }: PhoneState) => JSON.stringify([draftCount, [...edits]])

/** Tells the readers, when something they show changed (the drafts panel publishes on each of its renders). */
export function publishPhoneState(next: PhoneState) {
  if (keyOf(next) === keyOf(state)) return
  state = next
  for (const listener of listeners) listener()
}

// A server-rendered Dashboard knows nothing of the phone; neither does the browser until the drafts panel has loaded.
export const usePhoneState = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => NOTHING_KNOWN,
  )
