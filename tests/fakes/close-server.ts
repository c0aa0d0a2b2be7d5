// Stops a stand-in's HTTP server at once: clients' keep-alive sockets (Node's fetch keeps them) would otherwise hold
// close() open until they time out.
import type { ServerType } from '@hono/node-server'

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    if ('closeAllConnections' in server) server.closeAllConnections()
  })
}
