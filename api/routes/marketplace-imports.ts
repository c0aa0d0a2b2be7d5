// /api/<marketplace>/import: bringing the seller's listings on a marketplace into Snaplist, wherever its wing offers an
// import (decisions 0037, 0078). POST starts it (202) or answers the one under way (200); GET says where it stands.
// Only ever the signed-in seller's own; a marketplace without an import is 404.
import { Hono } from 'hono'
import { MARKETPLACES } from '../contract/marketplace-descriptions.ts'
import type { Platform } from '../contract/marketplace-paths.ts'
import { PlatformParamSchema } from '../contract/marketplaces.ts'
import { notFound } from '../errors.ts'
import type { AppEnv } from '../app-env.ts'
import { requireUser } from '../middleware/session.ts'
import { valid } from '../validate.ts'
import type { MarketplaceWing } from '../services/selling/marketplace.ts'

export function marketplaceImportRoutes(wings: Record<Platform, MarketplaceWing>) {
  const importerOf = (platform: Platform) => {
    const importer = wings[platform].importer
    if (!importer) throw notFound(`Snaplist cannot import from ${MARKETPLACES[platform].name}.`)
    return importer
  }
  return new Hono<AppEnv>()
    .post('/:platform/import', valid('param', PlatformParamSchema), async (c) => {
      const { status, started } = await importerOf(c.req.valid('param').platform).start(requireUser(c).id)
      return c.json(status, started ? 202 : 200)
    })
    .get('/:platform/import', valid('param', PlatformParamSchema), async (c) =>
      c.json(await importerOf(c.req.valid('param').platform).status(requireUser(c).id), 200),
    )
}
