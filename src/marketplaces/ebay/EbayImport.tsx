// Import from eBay (issue 31, docs/decisions/0037): the seller's live fixed-price listings, in eBay's words.
import { MarketplaceImport } from '../MarketplaceImport.tsx'

const WORDS = {
  name: 'eBay',
  invite: 'Already selling on eBay? Bring your live listings into Snaplist.',
  done: 'Listings made on ebay.com keep their title, photos and description there: Snaplist changes their price and quantity.',
  skipped: (count: number) =>
    `${count} could not be brought (listings with variations, or none left): they stay on eBay as they are.`,
}

export const EbayImport = () => <MarketplaceImport platform="ebay" words={WORDS} />
