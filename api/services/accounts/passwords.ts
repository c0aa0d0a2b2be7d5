// Password hashing with scrypt from node:crypto. The stored form names its parameters so they can be raised later.
import { randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto'
import { sameBytes } from '../constant-time.ts'

const KEY_LENGTH = 64
// OWASP's scrypt floor: N=2^14 (16 MiB of memory per hash), r=8, p=1; about 85 ms of a core here.
const PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 }
// The API suites' cost: they hash some 1,300 passwords a run, which at the real cost was about 110 s of CPU on a
// 2-core machine (issue 28's bar). What they assert (who may sign in, with which password) is the same at any cost.
const TEST_PARAMS: ScryptParams = { N: 1024, r: 8, p: 1 }

interface ScryptParams {
  N: number
  r: number
  p: number
}

let params = PARAMS
/**
 * New hashes at the test cost, in this process only (tests/helpers/test-app.ts). A hash names the parameters it was made
 * with, and is checked with them, so hashes of either cost verify.
 */
export function hashPasswordsCheaplyForTests(): void {
  params = TEST_PARAMS
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, params)
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return sameBytes(actual, expected)
}

// Checked against when no account matches, so an unknown username costs as long as a wrong password.
let decoyHash: Promise<string> | undefined
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return decoyHash
}
