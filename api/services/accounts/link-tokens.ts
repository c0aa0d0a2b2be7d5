// The tokens of links mailed to an address (password reset, email confirmation): 32 random bytes, base64url, of
// which only the SHA-256 is stored, so a leaked table opens nothing.
import { randomBytes } from 'node:crypto'
import { hashSecret } from '../secret-hash.ts'

const TOKEN_BYTES = 32
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const hashLinkToken = hashSecret

/** Whether the text could be one of our tokens, so junk is refused without a query. */
export const isLinkToken = (text: string) => TOKEN_PATTERN.test(text)

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, hash: hashLinkToken(token) }
}
