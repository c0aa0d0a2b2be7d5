// /api/ebay/import: bringing the seller's live eBay listings into Snaplist (issue 31, docs/decisions/0037). POST starts
// the import (202) or answers the one under way (200); GET says where it stands. Only ever the signed-in seller's own.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { requireUser } from '../../middleware/session.ts'
import type { EbayImport } from '../../services/ebay/import.ts'

export function ebayImportRoutes(importer: EbayImport) {
  return new Hono<AppEnv>()
    .post('/ebay/import', async (c) => {
      const { status, started } = await importer.start(requireUser(c).id)
      return c.json(status, started ? 202 : 200)
    })
    .get('/ebay/import', async (c) => c.json(await importer.status(requireUser(c).id), 200))
}
