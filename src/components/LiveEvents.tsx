// The stream of the seller's changes (useLiveEvents) as a part of the signed-in frame that draws nothing: the header
// loads it once the first screen is complete (deferred), so its code is not in any screen's first download.
import { useLiveEvents } from '../hooks/useLiveEvents.ts'

export function LiveEvents() {
  useLiveEvents()
  return null
}
