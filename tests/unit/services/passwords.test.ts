// Password hashing (api/services/accounts/passwords.ts): the real cost outside the API tests, which lower it.
import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../../api/services/accounts/passwords.ts'

describe('password hashing', () => {
  it('stores scrypt at the real cost (N=2^14, r=8, p=1) and checks the password against it', async () => {
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/)
    expect(await verifyPassword('correct horse battery', stored)).toBe(true)
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false)
  })

  it('gives the same password a different salt and hash each time', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')])
    expect(first).not.toBe(second)
  })

  it('checks a hash with the parameters it names, so hashes of an older or cheaper cost still verify', async () => {
    // A hash made at N=1024 (the API tests' cost), written out as any stored hash is.
    const salt = Buffer.from('0123456789abcdef')
    const key = scryptSync('old password', salt, 64, { N: 1024, r: 8, p: 1 })
    const stored = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
    expect(await verifyPassword('old password', stored)).toBe(true)
    expect(await verifyPassword('other password', stored)).toBe(false)
    expect(await verifyPassword('old password', 'bcrypt$whatever')).toBe(false)
  })
})
