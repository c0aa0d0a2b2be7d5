// What can take over or empty an account (a new password or email address, signing out everywhere, deleting it,
// connecting a marketplace) needs the session to have proved who is at the keyboard in the last 12 hours: signing in,
// or typing the password again (docs/decisions/0026). Everyday work never asks; a phone stays signed in for weeks.
import type { Sql } from '../../db/client.ts'
import { findPasswordProvedAt } from '../../db/sessions.ts'
import { AppError } from '../../errors.ts'
import { sessionKey } from './sessions.ts'

export const RECENT_PROOF_HOURS = 12
const RECENT_PROOF_MS = RECENT_PROOF_HOURS * 60 * 60 * 1000

export const provedRecently = (passwordProvedAt: Date | undefined) =>
  passwordProvedAt !== undefined && Date.now() - passwordProvedAt.getTime() < RECENT_PROOF_MS

export const reauthRequired = () =>
  new AppError(
    403,
    'reauth_required',
    `You signed in over ${RECENT_PROOF_HOURS} hours ago. Confirm it is you (your password, or Sign in with Google) and try again.`,
  )

/**
 * Throws reauth_required unless the session proved itself in the last 12 hours. Read here, by the few routes that ask,
 * rather than with the session on every request (db/sessions.ts).
 */
export async function requireRecentProof(sql: Sql, sessionToken: string): Promise<void> {
  if (!provedRecently(await findPasswordProvedAt(sql, sessionKey(sessionToken)))) throw reauthRequired()
}
