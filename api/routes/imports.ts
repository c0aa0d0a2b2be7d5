// POST /api/imports/inventory.csv/preview and POST /api/imports/inventory.csv: the seller's costs, bins and SKUs from a
// CSV file sent as the body (api/contract/books-import.ts), read as it arrives.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { badRequest } from '../errors.ts'
import { requireUser } from '../middleware/session.ts'
import type { CsvSource, InventoryImport } from '../services/exports/inventory-import.ts'

type BodyReader = ReadableStreamDefaultReader<Uint8Array>

async function* arriving(reader: BodyReader): CsvSource {
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    yield Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength)
}

async function dropTheRest(reader: BodyReader) {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client went away: nothing is left to read.
  }
}

/**
 * Reads the body (within its size limit, api/middleware/body-limits.ts) as it arrives, as a CSV file. The import may
 * stop reading early, at a cap the file passed; whatever is left is then read and dropped unparsed before the answer
 * goes, so the connection stays open for the seller's next request (a body left half read stalls it until the server
 * closes it, and cancelling the body closes it before the answer is sent).
 */
async function withCsvBody<T>(c: Context<AppEnv>, use: (file: CsvSource) => Promise<T>): Promise<T> {
  const reader = (c.req.raw.body ?? new ReadableStream<Uint8Array>({ start: (body) => body.close() })).getReader()
  try {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'text/csv') throw badRequest('Send the file as CSV (Content-Type: text/csv).')
    return await use(arriving(reader))
  } finally {
    await dropTheRest(reader)
  }
}

export function importRoutes(inventoryImport: InventoryImport) {
  return new Hono<AppEnv>()
    .post('/imports/inventory.csv/preview', async (c) => {
      const userId = requireUser(c).id
      return c.json(await withCsvBody(c, (file) => inventoryImport.preview(userId, file)))
    })
    .post('/imports/inventory.csv', async (c) => {
      const userId = requireUser(c).id
      return c.json(await withCsvBody(c, (file) => inventoryImport.apply(userId, file)))
    })
}
