// The session cookie is read without a general cookie parser (api/middleware/read-cookie.ts): it must still find the
// named cookie wherever the browser puts it, and never a cookie whose name merely ends or starts the same way.
import { describe, expect, it } from 'vitest'
import { readCookie } from '../../../api/middleware/read-cookie.ts'

describe('readCookie', () => {
  it('finds the cookie alone, first, in the middle or last', () => {
    expect(readCookie('snaplist_session=abc', 'snaplist_session')).toBe('abc')
    expect(readCookie('snaplist_session=abc; other=1', 'snaplist_session')).toBe('abc')
    expect(readCookie('a=1; snaplist_session=abc; b=2', 'snaplist_session')).toBe('abc')
    expect(readCookie('a=1;snaplist_session=abc', 'snaplist_session')).toBe('abc')
  })

  it('does not take a cookie whose name only contains the one asked for', () => {
    expect(readCookie('xsnaplist_session=evil; snaplist_session_old=old', 'snaplist_session')).toBeUndefined()
    expect(readCookie('xsnaplist_session=evil; snaplist_session=abc', 'snaplist_session')).toBe('abc')
    expect(readCookie('a=snaplist_session=evil', 'snaplist_session')).toBeUndefined()
  })

  it('takes the first of two with the name, as the most specific path comes first', () => {
    expect(readCookie('snaplist_session=first; snaplist_session=second', 'snaplist_session')).toBe('first')
  })

  it('answers undefined for no header, no such cookie or an empty value', () => {
    expect(readCookie(undefined, 'snaplist_session')).toBeUndefined()
    expect(readCookie('', 'snaplist_session')).toBeUndefined()
    expect(readCookie('other=1', 'snaplist_session')).toBeUndefined()
    expect(readCookie('snaplist_session=; other=1', 'snaplist_session')).toBeUndefined()
  })
})
