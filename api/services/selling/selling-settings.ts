// The seller's selling settings (issue 50, docs/decisions/0070): whether a sale the marketplace cancels puts its item
// back up where it had sold out (on unless the seller turns it off). Off, the pieces still go back in stock and the
// places where it is live get the count, but nothing ended goes back up.
import type { SellingSettings } from '../../contract/sales.ts'
import type { Sql } from '../../db/client.ts'
import { relistsCancelled, setRelistsCancelled } from '../../db/users.ts'

export interface SellingSettingsService {
  /** The seller's selling settings. */
  sellingSettings(userId: number): Promise<SellingSettings>
  /** Changes them; answers them as they now are. */
  changeSellingSettings(userId: number, settings: SellingSettings): Promise<SellingSettings>
}

export function createSellingSettings(sql: Sql): SellingSettingsService {
  return {
    sellingSettings: async (userId: number): Promise<SellingSettings> => ({
      relistCancelled: await relistsCancelled(sql, userId),
    }),
    changeSellingSettings: async (userId: number, settings: SellingSettings): Promise<SellingSettings> => {
      await setRelistsCancelled(sql, userId, settings.relistCancelled)
      return settings
    },
  }
}
