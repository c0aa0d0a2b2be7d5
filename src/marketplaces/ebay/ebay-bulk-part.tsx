// eBay's part in the bulk post (src/components/bulk-post-parts.ts): its section, its Post to eBay dialog for a listing
// that needs more, and its words for a refusal. Loaded with the bulk post dialog through the registry's loadBulkPart.
import { isPostedToSpecMarketplace } from '../../../api/contract/listing-status.ts'
import type { BulkPostPart } from '../../components/bulk-post-parts.ts'
import { bulkRefusalReason } from './ebay-post-failure.ts'
import { EbayBulkSection } from './EbayBulkSection.tsx'
import { PostToEbayDialog } from './PostToEbayDialog.tsx'

export const ebayBulkPart: BulkPostPart = {
  id: 'ebay',
  name: 'eBay',
  Section: EbayBulkSection,
  // Offered only while eBay is connected.
  PostDialog: ({ listing, onClose }) => <PostToEbayDialog listing={listing} ebayConnected onClose={onClose} />,
  isLive: isPostedToSpecMarketplace,
  refusalReason: bulkRefusalReason,
}
