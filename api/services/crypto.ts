// Seals marketplace tokens and PKCE verifiers at rest with AES-256-GCM, under a key derived from APP_SECRET or, when
// that is unset, from a secret generated into DATA_DIR on first start (docs/decisions/0005-tokens-sealed-at-rest.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { APP_SECRET_MIN_LENGTH } from '../env.ts'

export const APP_SECRET_FILE = 'app-secret'

// The prefix names the format and key, so a later key rotation can tell old values from new ones.
const FORMAT = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export interface TokenCipher {
  seal(plaintext: string): string
  /** The plaintext, or undefined when the value was sealed under another key or altered. */
  open(sealed: string): string | undefined
}

export function createTokenCipher(secret: string): TokenCipher {
  if (secret.length < APP_SECRET_MIN_LENGTH)
    throw new Error(`The app secret must be at least ${APP_SECRET_MIN_LENGTH} characters.`)
  // HKDF gives a uniform 256-bit key whatever the secret looks like, and a different key for any other future use.
  const key = Buffer.from(hkdfSync('sha256', secret, 'snaplist', 'marketplace tokens v1', 32))
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return `${FORMAT}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`
    },
    open(sealed) {
      const [format, payload] = sealed.split('.')
      if (format !== FORMAT || !payload) return undefined
      const bytes = Buffer.from(payload, 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        return undefined
      }
    },
  }
}

/** A cipher whose key lives as long as the process: for tests and benchmarks, which keep nothing. */
export const createEphemeralCipher = () => createTokenCipher(randomBytes(32).toString('base64url'))

/**
 * APP_SECRET when set; otherwise the secret in DATA_DIR/app-secret, made on first start. Losing that file makes the
 * stored tokens unreadable (sellers then connect their marketplaces again), so back it up with the data folder.
 */
export async function loadOrCreateAppSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, APP_SECRET_FILE)
  try {
    // 'wx': when two processes start at once on one data folder, the second reads the first one's secret.
    await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
    console.log(`Generated the secret that encrypts marketplace tokens into ${file} (set APP_SECRET to use your own).`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = (await readFile(file, 'utf8')).trim()
  if (secret.length < APP_SECRET_MIN_LENGTH)
    throw new Error(`${file} must hold at least ${APP_SECRET_MIN_LENGTH} characters; delete it to have a new one made.`)
  return secret
}
