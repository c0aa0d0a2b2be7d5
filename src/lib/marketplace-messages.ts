// What the app says about each marketplace (docs/product.md §2, §8), word for word: the Connect dialog's explanation, and the
// toasts of a connect that fails, a return from the marketplace and a status check that fails.
import type { Platform } from '../../api/contract/marketplaces.ts'

export interface MarketplaceMessages {
  about: string
  connectFailed: string
  connected: string
  returnedWithError: string
  statusCheckFailed: string
}

export const MARKETPLACE_MESSAGES: Record<Platform, MarketplaceMessages> = {
  ebay: {
    about: 'Connect your eBay seller account so Snaplist can publish your listings to eBay for you. You sign in on eBay itself; Snaplist never sees your eBay password.',
    connectFailed: 'Unable to connect to eBay. Please ensure you have a valid eBay account and try again.',
    connected: 'Your eBay account has been connected successfully.',
    returnedWithError: 'There was an error connecting your eBay account. Please try again.',
    statusCheckFailed: 'Failed to check eBay connection status',
  },
  etsy: {
    about: 'Connect your Etsy shop with Etsy’s own sign-in; Snaplist never sees your Etsy password. Publishing to Etsy is Coming Soon: it is a testing feature today.',
    connectFailed: 'Unable to connect to Etsy. Please try again later.',
    connected: 'Your Etsy account has been connected.',
    returnedWithError: 'There was an error connecting your Etsy account. Please try again.',
    statusCheckFailed: 'Failed to check Etsy connection status',
  },
}
