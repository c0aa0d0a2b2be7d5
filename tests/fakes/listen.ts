// Starting and stopping a stand-in's HTTP server, the same for every stand-in.
import { createServer as createHttpsServer } from 'node:https'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'

/** Stops the server at once: clients' keep-alive sockets (Node's fetch keeps them) would otherwise hold close() open until they time out. */
export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    if ('closeAllConnections' in server) server.closeAllConnections()
  })
}

/**
 * Serves the app on 127.0.0.1 (port 0: any free one) and resolves to its address as `url` and close(), with what
 * `describe` makes of the address (which may give `url` as a path under it). With `tls`, over https.
 */
export function listen<T>(
  app: Pick<Hono, 'fetch'>,
  port: number,
  describe: (url: string) => T,
  tls?: { key: string; cert: string },
): Promise<{ url: string; close(): Promise<void> } & T> {
  const secure = tls ? { createServer: createHttpsServer, serverOptions: tls } : {}
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port, ...secure }, (info) => {
      const url = `${tls ? 'https' : 'http'}://127.0.0.1:${info.port}`
      resolve({ url, close: () => closeServer(server), ...describe(url) })
    })
  })
}
