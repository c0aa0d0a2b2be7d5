// The first administrator: while none exists, each start issues a one-time setup code, printed in the server log and
// kept only as its SHA-256. A registration that gives a live code becomes the administrator and voids every code;
// one without a code is an ordinary account. So a fresh install on a network cannot be claimed by whoever registers
// first, only by whoever can read the log. `npm run user:admin` promotes an account directly.
import { randomInt } from 'node:crypto'
import * as setupCodes from '../../db/admin-setup-codes.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as users from '../../db/users.ts'
import { AppError } from '../../errors.ts'
import { hashSecret } from '../secret-hash.ts'

// 32 letters and digits without the look-alikes 0/O and 1/I: 16 of them carry 80 bits, typed from a log by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 16

const WRONG_CODE =
  'This setup code is not valid or has been used. Copy it from the server log (the line "Setup code: …"), or leave it empty to register an ordinary account.'

/** Case, spaces and dashes do not matter: XXXX-XXXX-XXXX-XXXX as printed, or typed any other way. */
export const normaliseSetupCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '')
const hashCode = (code: string) => hashSecret(normaliseSetupCode(code))

function randomCode(): string {
  const characters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
  return characters.join('').replace(/(.{4})(?!$)/g, '$1-')
}

/**
 * At start: while no administrator exists, stores a new code (the one given, e.g. SETUP_CODE, else a random one) in
 * place of any earlier one and returns it for the log: only the newest printed code works, so one read from an old
 * log or a backup of it claims nothing (issue 27, item 16). Once an administrator exists, voids any codes left and
 * returns undefined.
 */
export async function issueSetupCode(sql: Sql, chosen?: string): Promise<string | undefined> {
  if (await users.adminExists(sql)) {
    await setupCodes.deleteSetupCodes(sql)
    return undefined
  }
  const code = chosen ?? randomCode()
  await sql.begin(async (tx) => {
    await setupCodes.deleteSetupCodes(tx)
    await setupCodes.insertSetupCode(tx, hashCode(code))
  })
  return code
}

/**
 * For a registration that gives a code, inside its transaction after users.lockForNewAccount: spends the code (and
 * voids every other one), so the account may become the administrator; a wrong or spent code is refused with 400.
 */
export async function spendSetupCode(tx: Tx, code: string): Promise<void> {
  if (!(await setupCodes.spendSetupCode(tx, hashCode(code)))) {
    throw new AppError(400, 'setup_code_invalid', WRONG_CODE, { fields: { setupCode: WRONG_CODE } })
  }
  await setupCodes.deleteSetupCodes(tx)
}

/** `npm run user:admin`: makes the account an administrator, which voids the setup codes. */
export async function promoteToAdmin(sql: Sql, username: string): Promise<users.UserRow | undefined> {
  return sql.begin(async (tx) => {
    const user = await users.setAdmin(tx, username)
    if (user) await setupCodes.deleteSetupCodes(tx)
    return user
  })
}

/** Whether the register form asks for a setup code: while no administrator exists. */
export async function setupCodeRequired(sql: Sql): Promise<boolean> {
  return !(await users.adminExists(sql))
}
