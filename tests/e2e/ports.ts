// The ports of the browser suite's server and its stand-ins, from E2E_PORT up, and the server's setup code, shared by
// the config and the tests.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
export const FAKE_GEMINI_PORT = E2E_PORT + 1
export const FAKE_SMTP_PORT = E2E_PORT + 2
/** The fake SMTP server's JSON list of received mail. */
export const FAKE_SMTP_HTTP_PORT = E2E_PORT + 3
/** The Etsy stand-in: consent page, token endpoint, getMe and getShop. */
export const FAKE_ETSY_PORT = E2E_PORT + 4
/** The eBay stand-in: consent page, token endpoint and Identity getUser. */
export const FAKE_EBAY_PORT = E2E_PORT + 5
/** The Shopify stand-in: the store's install page, token endpoint and Admin GraphQL API. */
export const FAKE_SHOPIFY_PORT = E2E_PORT + 6
/** SETUP_CODE of the suite's server: global-setup.ts registers the administrator with it. */
export const E2E_SETUP_CODE = 'E2E-SUITE-SETUP-CODE-0001'
