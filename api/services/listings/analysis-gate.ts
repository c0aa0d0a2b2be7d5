// How many photo analyses run at once (docs/product.md §17): a limit for the whole process, a smaller one per seller,
// and the free places handed round the sellers who wait, one each in turn. So a seller whose phone sends a haul of
// thirty gets a share, never all of it, and another seller's single listing waits for at most one analysis to end
// rather than for the haul. A request that waits too long is answered analysis_busy, which the phone already treats
// as the AI being busy: it backs off and tries again (src/offline/outbox-sender.ts).
import { analysisBusy } from './analyzer/errors.ts'

export interface AnalysisGateOptions {
  /** Analyses running at once in this process (ANALYSIS_CONCURRENCY). */
  slots: number
  /** Of those, at most this many for one seller. */
  perSeller: number
  /** How long a request may wait for a place before it is answered analysis_busy. */
  maxWaitMs: number
}

const MAX_WAIT_MS = 20_000

/** The gate for ANALYSIS_CONCURRENCY places: half of them (at least one) is one seller's most. */
export const analysisGateFor = (slots = 4): AnalysisGateOptions => ({
  slots,
  perSeller: Math.max(1, Math.floor(slots / 2)),
  maxWaitMs: MAX_WAIT_MS,
})

interface Waiter {
  start: () => void
  refuse: (error: unknown) => void
}

export interface AnalysisGate {
  /** Runs the seller's analysis once it has a place. */
  run<T>(seller: number, analyse: () => Promise<T>, signal?: AbortSignal): Promise<T>
  /** For tests and the log: analyses running and requests waiting. */
  load(): { running: number; waiting: number }
}

export function createAnalysisGate(
  { slots, perSeller, maxWaitMs }: AnalysisGateOptions = analysisGateFor(),
): AnalysisGate {
  const running = new Map<number, number>()
  let total = 0
  // Sellers in the order they are served next: one served goes to the back (Map keeps insertion order).
  const waiting = new Map<number, Waiter[]>()

  const runningFor = (seller: number) => running.get(seller) ?? 0
  const take = (seller: number) => {
    total++
    running.set(seller, runningFor(seller) + 1)
  }

  function handOut() {
    while (total < slots) {
      const seller = [...waiting.keys()].find((candidate) => runningFor(candidate) < perSeller)
      if (seller === undefined) return
      const queue = waiting.get(seller)!
      const next = queue.shift()!
      waiting.delete(seller)
      if (queue.length) waiting.set(seller, queue)
      take(seller)
      next.start()
    }
  }

  function release(seller: number) {
    total--
    const left = runningFor(seller) - 1
    if (left) running.set(seller, left)
    else running.delete(seller)
    handOut()
  }

  /** Waits for a place for the seller; refused with analysis_busy after maxWaitMs, or with the signal's reason. */
  function place(seller: number, signal?: AbortSignal): Promise<void> {
    if (total < slots && runningFor(seller) < perSeller && !waiting.has(seller)) {
      take(seller)
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const queue = waiting.get(seller)?.filter((other) => other !== waiter) ?? []
        if (queue.length) waiting.set(seller, queue)
        else waiting.delete(seller)
      }
      const waiter: Waiter = {
        start: () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
        refuse: (error) => {
          leave()
          reject(error)
        },
      }
      const onAbort = () => waiter.refuse(signal?.reason)
      const timer = setTimeout(() => waiter.refuse(analysisBusy()), maxWaitMs)
      signal?.addEventListener('abort', onAbort, { once: true })
      waiting.set(seller, [...(waiting.get(seller) ?? []), waiter])
    })
  }

  return {
    async run<T>(seller: number, analyse: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await place(seller, signal)
      try {
        return await analyse()
      } finally {
        release(seller)
      }
    },
    load: () => ({ running: total, waiting: [...waiting.values()].reduce((sum, queue) => sum + queue.length, 0) }),
  }
}
