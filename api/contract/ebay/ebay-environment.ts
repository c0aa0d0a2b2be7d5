// The eBay environment report: what the server is set up to talk to (GET /api/debug/ebay-environment).

/**
 * GET /api/debug/ebay-environment for an administrator: what is configured, as yes/no; addresses only where they are
 * public hosts. A seller gets EbayEnvironmentSummary: which settings exist is the admin's business (issue 27, item 16).
 */
export interface EbayEnvironmentReport {
  environment: 'sandbox' | 'production' | null
  configured: boolean
  settings: Record<
    'EBAY_CLIENT_ID' | 'EBAY_CLIENT_SECRET' | 'EBAY_RU_NAME' | 'EBAY_VERIFICATION_TOKEN' | 'EBAY_DELETION_ENDPOINT_URL',
    boolean
  >
  redirect: { ruNamePresent: boolean; acceptedPaths: string[] }
  authBase: string
  apiBase: string
  identityBase: string
  deletionEndpointConfigured: boolean
}

/** What a seller needs of the report: which eBay the server talks to, and whether connecting is set up at all. */
export type EbayEnvironmentSummary = Pick<EbayEnvironmentReport, 'environment' | 'configured'>
