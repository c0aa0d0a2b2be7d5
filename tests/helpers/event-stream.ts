// An open GET /api/events as a test holds it: every message parsed as it arrives, with the time it arrived, and a way
// to wait for the one a test expects. Closed by the test (the stream never ends by itself).
import type { LiveEvent } from '../../api/contract/events.ts'
import { TEST_ORIGIN, type TestApp } from './test-app.ts'

export interface StreamMessage {
  id: string | undefined
  event: string | undefined
  data: string
  /** performance.now() when it arrived. */
  at: number
}

export interface HeldStream {
  status: number
  messages: StreamMessage[]
  /** The changes received, parsed (the messages without an event name). */
  changes(): (LiveEvent & { id: string; at: number })[]
  /** The first change (already received or to come) that `match` accepts; rejects after timeoutMs. */
  waitFor(match: (change: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent & { id: string; at: number }>
  /** The id of the last message that had one: what EventSource would send as Last-Event-ID. */
  lastId(): string | undefined
  /** Resolves when the server ended the stream (or the test closed it). */
  ended: Promise<void>
  close(): Promise<void>
}

function parseMessage(block: string, at: number): StreamMessage | undefined {
  const message: StreamMessage = { id: undefined, event: undefined, data: '', at }
  let any = false
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'id') message.id = value
    else if (field === 'event') message.event = value
    else if (field === 'data') message.data += message.data ? `\n${value}` : value
    any = true
  }
  return any ? message : undefined
}

/** Opens the stream as the app does, with the seller's cookie; `lastEventId` as EventSource sends it on a reconnect. */
export async function openEventStream(
  app: TestApp['app'],
  cookie: string,
  { lastEventId, after }: { lastEventId?: string; after?: string } = {},
): Promise<HeldStream> {
  const response = await app.request(`${TEST_ORIGIN}/api/events${after ? `?after=${after}` : ''}`, {
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
  })
  const messages: StreamMessage[] = []
  let wake: () => void = () => {}
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = parseMessage(buffer.slice(0, end), performance.now())
        buffer = buffer.slice(end + 2)
        if (message) messages.push(message)
      }
      wake()
    }
  })()
  const changes = () =>
    messages
      .filter((message) => message.event === undefined)
      .map((message) => ({ ...(JSON.parse(message.data) as LiveEvent), id: message.id!, at: message.at }))
  // The first message (ready) says the stream is subscribed: a change made after it is the stream's to send.
  const ready = new Promise<void>((resolve) => {
    const check = () => (messages.length > 0 || response.status !== 200 ? resolve() : undefined)
    const previous = wake
    wake = () => {
      previous()
      check()
    }
    check()
  })
  if (response.status === 200) await ready
  return {
    status: response.status,
    messages,
    changes,
    async waitFor(match, timeoutMs = 5000) {
      const deadline = performance.now() + timeoutMs
      for (;;) {
        const found = changes().find(match)
        if (found) return found
        if (performance.now() > deadline)
          throw new Error(`no such change in ${timeoutMs} ms: ${JSON.stringify(changes())}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    lastId: () => messages.findLast((message) => message.id !== undefined)?.id,
    ended: reading,
    async close() {
      await reader.cancel().catch(() => undefined)
      await reading
    },
  }
}
