// Where eBay is, per environment (sandbox or production, each host overridable for tests), and how Snaplist names
// itself to eBay's token endpoint. Connecting a seller (ebay-connect.ts), the app's own token (app-token.ts) and
// every Sell API call start from here.
import type { EbayConfig } from './ebay-env.ts'

const HOSTS = {
  sandbox: {
    auth: 'https://auth.sandbox.ebay.com/oauth2/authorize',
    api: 'https://api.sandbox.ebay.com',
    apiz: 'https://apiz.sandbox.ebay.com',
    media: 'https://apim.sandbox.ebay.com',
    item: 'https://sandbox.ebay.com/itm/',
    pictures: 'https://i.ebayimg.com',
  },
  production: {
    auth: 'https://auth.ebay.com/oauth2/authorize',
    api: 'https://api.ebay.com',
    apiz: 'https://apiz.ebay.com',
    media: 'https://apim.ebay.com',
    item: 'https://www.ebay.com/itm/',
    pictures: 'https://i.ebayimg.com',
  },
} as const

export const hostsOf = (config: EbayConfig | undefined) => {
  const defaults = HOSTS[config?.environment ?? 'sandbox']
  return {
    auth: config?.authUrl ?? defaults.auth,
    api: config?.apiUrl ?? defaults.api,
    /** Identity's getUser and the Finances API (the api host answers 404 for them). */
    apiz: config?.identityUrl ?? defaults.apiz,
    media: config?.mediaUrl ?? defaults.media,
    /** Where a buyer sees a listing: eBay's API returns no URL, so it is built from the listing id. */
    item: defaults.item,
    /** Where eBay serves listing pictures: an import copies photos from there and nowhere else. */
    pictures: config?.picturesUrl ?? defaults.pictures,
  }
}

/** HTTP Basic for eBay's token endpoint: App ID and Cert ID. */
export const ebayBasicAuth = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
