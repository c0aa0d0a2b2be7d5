// eBay's answers as our errors, shared by every eBay call (OAuth, Identity, the Sell APIs, Taxonomy, the Media API),
// so the seller reads the same sentence whichever call found eBay away or busy.
import { AppError } from '../../errors.ts'

export const ebayUnreachable = () =>
  new AppError(502, 'ebay_unreachable', 'eBay could not be reached. Try again in a few minutes.')
export const ebayUnavailable = () =>
  new AppError(
    502,
    'ebay_unavailable',
    "eBay's servers are not answering properly right now. Try again in a few minutes.",
  )
export const ebayBusy = () =>
  new AppError(503, 'ebay_busy', 'eBay is limiting requests from Snaplist right now. Try again in a minute.', {
    retryAfterSeconds: 60,
  })
export const missingCertId = () =>
  new AppError(
    500,
    'ebay_missing_cert_id',
    'Missing eBay Certificate ID: the site operator needs to set EBAY_CLIENT_SECRET (the Cert ID of the eBay app) and restart Snaplist.',
  )
