// What run.ts and server.ts agree on: how the server learns its database, the baseline route's path and the
// one IPC message the server sends back.

/** Set for a Postgres server run; absent means PGlite. An env var rather than argv keeps passwords out of `ps`. */
export const DATABASE_URL_ENV = 'BENCH_SERVER_DATABASE_URL'

/** Bench-only route, followed by `/:id`: one primary-key select, never part of the product. */
export const BASELINE_PATH = '/bench/baseline'

export interface ReadyMessage {
  type: 'ready'
  port: number
  /** `name=value` of a signed-in user's session cookie. */
  cookie: string
  userId: number
}

export interface FailedMessage {
  type: 'failed'
  error: string
}

export type ServerMessage = ReadyMessage | FailedMessage
