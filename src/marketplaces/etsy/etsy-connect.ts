// Etsy's part of its callback and manual screens: its code exchange; the common ways and words do the rest. Loaded
// with those screens.
import { api, okJson } from '../../lib/api.ts'
import type { ConnectPart } from '../client-marketplace.ts'

export const etsyConnect: ConnectPart = {
  exchange: (json) => okJson(api.etsy['exchange-token'].$post({ json })),
}
