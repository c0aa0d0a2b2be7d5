// Etsy's part in the bulk post (src/components/bulk-post-parts.ts): its section, its Post to Etsy dialog for a listing
// that needs more, and its words for a refusal. Loaded with the bulk post dialog through the registry's loadBulkPart.
import type { ApiErrorCode } from '../../offline/api-error.ts'
import type { BulkPostPart } from '../../components/bulk-post-parts.ts'
import { RECONNECT_CODES } from './etsy-post-failure.ts'
import { EtsyBulkSection } from './EtsyBulkSection.tsx'
import { PostToEtsyDialog } from './PostToEtsyDialog.tsx'

export const etsyBulkPart: BulkPostPart = {
  id: 'etsy',
  name: 'Etsy',
  Section: EtsyBulkSection,
  PostDialog: PostToEtsyDialog,
  isLive: (listing) => listing.etsyStatus === 'active',
  refusalReason: (code, message) => ({
    reason:
      code === 'not_found' ? 'This listing is no longer on Snaplist.' : (message ?? 'Failed to post listing to Etsy'),
    reconnect: code !== null && RECONNECT_CODES.includes(code as ApiErrorCode),
  }),
}
