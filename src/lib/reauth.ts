// What can take over or empty the account needs a password proved in the last 12 hours (docs/decisions/0026): the
// server answers 403 reauth_required, the app asks for the password (ReauthDialog) and repeats the call once it is
// proved. One request for a password at a time; the dialog lives in the signed-in frame.
import { hasCode } from './api.ts'

/** The seller closed the password dialog: the action is dropped, with nothing to report. */
export class ReauthCancelled extends Error {
  constructor() {
    super('The password was not confirmed.')
    this.name = 'ReauthCancelled'
  }
}

interface Pending {
  proved: () => void
  cancelled: () => void
}

let pending: Pending | undefined
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

export const reauthRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Whether the dialog should be open. */
  open: () => pending !== undefined,
  /** The dialog's outcome: the password was proved, or the seller gave up. */
  settle(outcome: 'proved' | 'cancelled') {
    const settled = pending
    pending = undefined
    changed()
    if (outcome === 'proved') settled?.proved()
    else settled?.cancelled()
  },
}

function askForPassword(): Promise<void> {
  pending?.cancelled()
  return new Promise<void>((resolve, reject) => {
    pending = { proved: resolve, cancelled: () => reject(new ReauthCancelled()) }
    changed()
  })
}

/** Runs the call; when the server wants the password again, asks for it and runs the call once more. */
export async function withReauth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!hasCode(error, 'reauth_required')) throw error
    await askForPassword()
    return call()
  }
}
