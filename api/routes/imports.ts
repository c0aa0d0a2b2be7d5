// POST /api/imports/inventory.csv/preview and POST /api/imports/inventory.csv: the seller's costs, bins and SKUs from a
// CSV file sent as the body (api/contract/books-import.ts).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { badRequest } from '../errors.ts'
import { requireUser } from '../middleware/session.ts'
import type { InventoryImport } from '../services/exports/inventory-import.ts'

async function csvText(c: Context<AppEnv>): Promise<string> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'text/csv') throw badRequest('Send the file as CSV (Content-Type: text/csv).')
  return c.req.text()
}

export function importRoutes(inventoryImport: InventoryImport) {
  return new Hono<AppEnv>()
    .post('/imports/inventory.csv/preview', async (c) =>
      c.json(await inventoryImport.preview(requireUser(c).id, await csvText(c))),
    )
    .post('/imports/inventory.csv', async (c) =>
      c.json(await inventoryImport.apply(requireUser(c).id, await csvText(c))),
    )
}
