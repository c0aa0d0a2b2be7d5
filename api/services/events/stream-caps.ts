// How many live event streams this API process holds (issue 46 G4, docs/security.md): per session, per seller and in
// all. An open stream is this process's socket and memory, so it is counted here, not in Postgres, and each cap is per
// process. A session or seller past its cap gives up its oldest stream (a tab left open, a phone's dead connection),
// which is told it was replaced; a process holding its total refuses the next with 503 until one closes.
import { AppError } from '../../errors.ts'

export interface StreamCaps {
  /** EVENT_STREAMS_PER_SESSION: one browser's tabs. */
  perSession: number
  /** EVENT_STREAMS_PER_SELLER: every device of one seller. */
  perSeller: number
  /** EVENT_STREAMS_PER_PROCESS: every stream this process holds. */
  perProcess: number
}

export const STREAM_CAPS: StreamCaps = { perSession: 4, perSeller: 10, perProcess: 2000 }

/** How long a refused stream is asked to wait: about what it takes for a few streams to close. */
const BUSY_RETRY_SECONDS = 60

export interface StreamSlot {
  /** Resolves when a newer stream of the same session or seller took this one's place. */
  replaced: Promise<void>
  /** The stream closed: its place is free. */
  release(): void
}

interface Held {
  session: string
  userId: number
  replace: () => void
}

export interface StreamCapsRegistry {
  /** A place for a new stream of this seller's session, the oldest one's of theirs if need be; 503 when none is. */
  admit(userId: number, session: string): StreamSlot
}

export function createStreamCaps(caps: StreamCaps): StreamCapsRegistry {
  // Oldest first, in every list.
  const bySession = new Map<string, Held[]>()
  const bySeller = new Map<number, Held[]>()
  let total = 0

  const drop = <Key>(lists: Map<Key, Held[]>, key: Key, held: Held) => {
    const left = (lists.get(key) ?? []).filter((other) => other !== held)
    if (left.length) lists.set(key, left)
    else lists.delete(key)
  }
  const remove = (held: Held) => {
    if (!bySession.get(held.session)?.includes(held)) return
    drop(bySession, held.session, held)
    drop(bySeller, held.userId, held)
    total -= 1
  }

  return {
    admit(userId: number, session: string): StreamSlot {
      const oldest: Held[] = []
      const ofSession = bySession.get(session) ?? []
      if (ofSession.length >= caps.perSession) oldest.push(ofSession[0]!)
      const ofSeller = (bySeller.get(userId) ?? []).filter((held) => !oldest.includes(held))
      if (ofSeller.length >= caps.perSeller) oldest.push(ofSeller[0]!)
      if (total - oldest.length >= caps.perProcess)
        throw new AppError(
          503,
          'events_busy',
          'Live updates are busy on this server. Your lists still work; they update by themselves again in a minute.',
          { retryAfterSeconds: BUSY_RETRY_SECONDS },
        )
      for (const held of oldest) {
        remove(held)
        held.replace()
      }
      let replace = () => {}
      const replaced = new Promise<void>((resolve) => (replace = resolve))
      const held: Held = { session, userId, replace }
      bySession.set(session, [...(bySession.get(session) ?? []), held])
      bySeller.set(userId, [...(bySeller.get(userId) ?? []), held])
      total += 1
      return { replaced, release: () => remove(held) }
    },
  }
}
