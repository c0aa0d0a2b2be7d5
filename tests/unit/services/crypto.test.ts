import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_SECRET_FILE, createTokenCipher, loadOrCreateAppSecret } from '../../../api/services/crypto.ts'

const SECRET = 'a secret of at least thirty-two characters'

describe('token cipher', () => {
  const cipher = createTokenCipher(SECRET)

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = [cipher.seal('12345678.access-token'), cipher.seal('12345678.access-token')]
    expect(sealed[0]).not.toBe(sealed[1])
    for (const value of sealed) {
      expect(value).toMatch(/^v1\.[\w-]+$/)
      expect(value).not.toContain('access-token')
      expect(cipher.open(value)).toBe('12345678.access-token')
    }
  })

  it('opens nothing that was altered, sealed under another secret, or is not sealed at all', () => {
    const sealed = cipher.seal('token')
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`
    expect(cipher.open(flipped)).toBeUndefined()
    expect(createTokenCipher(`${SECRET}!`).open(sealed)).toBeUndefined()
    for (const junk of ['token', 'v1.', 'v1.AAAA', 'v2.' + sealed.slice(3)]) expect(cipher.open(junk)).toBeUndefined()
  })

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createTokenCipher('too short')).toThrow('at least 32 characters')
  })
})

describe('the app secret', () => {
  let dir = ''
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('uses APP_SECRET when set and writes no file', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-secret-'))
    expect(await loadOrCreateAppSecret(dir, SECRET)).toBe(SECRET)
    await expect(stat(path.join(dir, APP_SECRET_FILE))).rejects.toThrow()
  })

  it('otherwise makes one into the data folder, readable by the owner only, and keeps it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-secret-'))
    const first = await loadOrCreateAppSecret(dir, undefined)
    expect(first.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dir, APP_SECRET_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(file, 'utf8')).toBe(first)
    expect(await loadOrCreateAppSecret(dir, undefined)).toBe(first)
  })
})
