// How long ago, as a row says it (src/lib/time-ago.ts).
import { describe, expect, it } from 'vitest'
import { timeAgo } from '../../../src/lib/time-ago.ts'

const NOW = Date.parse('2026-12-07T12:00:00Z')
const before = (ms: number) => new Date(NOW - ms).toISOString()

describe('timeAgo', () => {
  it('says just now, then minutes, hours, yesterday and days, then the day', () => {
    expect(timeAgo(before(20_000), NOW)).toBe('just now')
    expect(timeAgo(before(2 * 60_000 + 5_000), NOW)).toBe('2 min ago')
    expect(timeAgo(before(3 * 3_600_000), NOW)).toBe('3 h ago')
    expect(timeAgo(before(30 * 3_600_000), NOW)).toBe('yesterday')
    expect(timeAgo(before(4 * 86_400_000), NOW)).toBe('4 days ago')
    expect(timeAgo('2026-11-02T12:00:00Z', NOW)).toBe('on Nov 2')
  })
})
