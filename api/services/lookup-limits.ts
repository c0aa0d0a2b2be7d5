// What sellers may ask the marketplaces for on the app's own allowance (issue 46 G3, docs/security.md): barcode lookups,
// category searches, the Post dialogs' checks, a category chosen, a connection checked. Each such request of a seller
// counts on their limits (a minute, a day) before its work; each that then asks the marketplace counts once on the
// install's limit for that marketplace (a day), which every seller and API process shares. Both are counted first, in
// Postgres, then decided (rate-limit.ts). Posting, ending and relisting are the seller's acts and are not counted.
import { MARKETPLACES } from '../contract/marketplace-descriptions.ts'
import { PLATFORMS, type Platform } from '../contract/marketplace-paths.ts'
import type { Sql } from '../db/client.ts'
import { createLimiter } from './rate-limit.ts'

/** LOOKUP_LIMIT_PER_MINUTE and _PER_DAY (one seller), LOOKUP_LIMIT_INSTALL_PER_DAY (one marketplace, every seller). */
export interface LookupLimitSettings {
  perMinute: number
  perDay: number
  installPerDay: number
}

export const LOOKUP_LIMITS: LookupLimitSettings = { perMinute: 100, perDay: 1000, installPerDay: 3000 }

const MINUTE = 60
const DAY = 24 * 60 * MINUTE

export interface LookupLimiter {
  /** A seller's request to a route that may ask a marketplace, kept answers or not: 429 past their limits. */
  seller(userId: number): Promise<void>
  /** The request is about to ask the marketplace on the app's allowance: 429 past the install's limit for today. */
  asking(marketplace: Platform): Promise<void>
}

export function createLookupLimiter(sql: Sql, settings: LookupLimitSettings = LOOKUP_LIMITS): LookupLimiter {
  const bySeller = createLimiter(
    sql,
    'lookup',
    {
      perMinute: { max: settings.perMinute, windowSeconds: MINUTE },
      perDay: { max: settings.perDay, windowSeconds: DAY },
    },
    (wait) =>
      `You have made more marketplace lookups (barcodes, categories, checks before posting) than this server allows for now. What you filled in is kept: try again in ${wait}.`,
    'lookup_limit_reached',
  )
  const forInstall = (platform: Platform) =>
    createLimiter(
      sql,
      'lookup-install',
      { perDay: { max: settings.installPerDay, windowSeconds: DAY } },
      (wait) =>
        `This server has asked ${MARKETPLACES[platform].name} for as many lookups as it may today, for every seller together. What you filled in is kept: try again in ${wait}.`,
      'lookup_limit_reached',
    )
  const byInstall = new Map(PLATFORMS.map((platform) => [platform, forInstall(platform)]))
  return {
    seller: (userId) => bySeller.consume({ perMinute: String(userId), perDay: String(userId) }),
    asking: (marketplace) => byInstall.get(marketplace)!.consume({ perDay: marketplace }),
  }
}
