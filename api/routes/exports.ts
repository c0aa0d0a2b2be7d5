// GET /api/exports/inventory.csv and GET /api/exports/sales.csv: the signed-in seller's books as CSV files
// (docs/decisions/0039), streamed a page of rows at a time as the service reads them.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { SalesExportQuerySchema } from '../contract/exports.ts'
import { requireUser } from '../middleware/session.ts'
import type { Exports } from '../services/exports/exports.ts'
import { valid } from '../validate.ts'

/** The text as a byte stream read only as fast as the client takes it. */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next()
      if (done) controller.close()
      else controller.enqueue(encoder.encode(value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

const csvFile = (c: Context<AppEnv>, name: string, chunks: AsyncGenerator<string>) =>
  c.body(streamOf(chunks), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    'Cache-Control': 'no-store',
  })

export function exportRoutes(exports: Exports) {
  return new Hono<AppEnv>()
    .get('/exports/inventory.csv', (c) => csvFile(c, 'snaplist-inventory', exports.inventoryCsv(requireUser(c).id)))
    .get('/exports/sales.csv', valid('query', SalesExportQuerySchema), (c) =>
      csvFile(c, 'snaplist-sales', exports.salesCsv(requireUser(c).id, c.req.valid('query'))),
    )
}
