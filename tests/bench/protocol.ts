// What run.ts and server.ts agree on: how the server learns its database, the baseline route's path and the
// one IPC message the server sends back.

/** Set for a Postgres server run; absent means PGlite. An env var rather than argv keeps passwords out of `ps`. */
export const DATABASE_URL_ENV = 'BENCH_SERVER_DATABASE_URL'

/** Set to keep the database and photos in this folder across restarts; absent means a temporary folder. */
export const STATE_DIR_ENV = 'BENCH_SERVER_STATE_DIR'

/** Set to listen on this port; absent means any free port. */
export const PORT_ENV = 'BENCH_SERVER_PORT'

/** Bench-only route, followed by `/:id`: one primary-key select, never part of the product. */
export const BASELINE_PATH = '/bench/baseline'

/** Bench-only route: the server process's memory (process.memoryUsage()) after a garbage collection. */
export const MEMORY_PATH = '/bench/memory'

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
