// Etsy's wing of the server, built from the app's services every wing is given (WingDeps) and Etsy's own settings:
// what app-services.ts places in its record of wings for Etsy.
import type { WingDeps } from '../selling/wing-deps.ts'
import { createEtsyServices, type EtsyServices } from './etsy-services.ts'
import type { EtsyApiConfig } from './open-api.ts'

/** Etsy's part of what the app is built from (AppDeps). */
export interface EtsyAppDeps {
  /** The Etsy app's keystring, shared secret and API origin, for selling there; without it (or the Etsy provider) Etsy is not sold on. */
  etsyConfig?: EtsyApiConfig
}

/** Etsy is sold on when the server can both connect a shop and call Etsy's API (docs/decisions/0031). */
export const buildEtsyWing = (shared: WingDeps, { etsyConfig }: EtsyAppDeps): EtsyServices =>
  createEtsyServices({
    ...shared,
    config: shared.providers.etsy ? etsyConfig : undefined,
    salesPollMinutes: shared.salesPollMinutes.etsy,
  })
