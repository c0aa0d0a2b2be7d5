// src/offline/outbox-order.ts: which outbox entries may run now. A draft's photos go before its analysis and its
// listing, a refusal holds the whole draft, and an analysis waiting for a busy AI holds nothing up.
import { describe, expect, it } from 'vitest'
import type { OutboxEntry, OutboxKind } from '../../../src/offline/db.ts'
import { runnable, unblocked } from '../../../src/offline/outbox-order.ts'

let nextId = 1
const entry = (draftId: string, kind: OutboxKind, more: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: nextId++,
  draftId,
  userId: 1,
  kind,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  status: 'pending',
  ...more,
})
const kinds = (entries: OutboxEntry[]) => entries.map((item) => `${item.draftId}:${item.kind}`)

describe('unblocked', () => {
  it("lets a draft's photos go first, its analysis once they are all up, and its listing last", () => {
    const upload = entry('a', 'upload-photo')
    const analysis = entry('a', 'analyze-draft')
    const create = entry('a', 'create-listing')
    expect(kinds(unblocked([upload, analysis, create]))).toEqual(['a:upload-photo'])
    expect(kinds(unblocked([analysis, create]))).toEqual(['a:analyze-draft'])
    expect(kinds(unblocked([create]))).toEqual(['a:create-listing'])
  })

  it('holds every entry of a draft the server refused, and no other draft', () => {
    const refused = entry('a', 'create-listing', { status: 'parked' })
    expect(kinds(unblocked([refused, entry('a', 'upload-photo'), entry('b', 'upload-photo')]))).toEqual([
      'b:upload-photo',
    ])
  })

  it('lets the listing go while its analysis waits for a busy AI, and the analysis only after it', () => {
    const waiting = entry('a', 'analyze-draft', { photoStored: true })
    const create = entry('a', 'create-listing')
    expect(kinds(unblocked([waiting, create]))).toEqual(['a:create-listing'])
    expect(kinds(unblocked([waiting]))).toEqual(['a:analyze-draft'])
  })
})

describe('runnable', () => {
  it('takes only what is due and not running already', () => {
    const due = entry('a', 'upload-photo', { nextAttemptAt: 100 })
    const later = entry('b', 'upload-photo', { nextAttemptAt: 101 })
    const running = entry('c', 'upload-photo')
    expect(runnable([due, later, running], new Set([running.id!]), 100)).toEqual([due])
  })

  it('keeps a listing back while anything of its draft runs (an analysis may still fill it)', () => {
    const analysis = entry('a', 'analyze-draft', { photoStored: true })
    const create = entry('a', 'create-listing')
    expect(runnable([analysis, create], new Set([analysis.id!]), 0)).toEqual([])
    expect(runnable([analysis, create], new Set(), 0)).toEqual([create])
  })
})
