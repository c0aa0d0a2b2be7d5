// Etsy's answers as our errors, shared by every Etsy call (OAuth in services/etsy/etsy-connect.ts, the listings calls
// here), so the seller reads the same sentence whichever call found Etsy away or busy.
import { AppError } from '../../errors.ts'

export const etsyUnreachable = () =>
  new AppError(502, 'etsy_unreachable', 'Etsy could not be reached. Try again in a few minutes.')
export const etsyUnavailable = () =>
  new AppError(
    502,
    'etsy_unavailable',
    "Etsy's servers are not answering properly right now. Try again in a few minutes.",
  )
/** Etsy answered 429: its retry-after (seconds) is passed on, 60 when it gave none. */
export const etsyBusy = (retryAfterSeconds: number) =>
  new AppError(503, 'etsy_busy', 'Etsy is limiting requests from Snaplist right now. Try again in a minute.', {
    retryAfterSeconds,
  })
export const etsyAppRefused = () =>
  new AppError(
    502,
    'etsy_app_refused',
    "Etsy refused this server's app credentials. The site operator needs to check ETSY_CLIENT_ID and ETSY_SHARED_SECRET.",
  )

/** Seconds from Etsy's retry-after header; 60 when it sent none or something unreadable. */
export const retryAfterOf = (response: Response) => Number(response.headers.get('retry-after')) || 60

/** The x-api-key Etsy wants: the keystring, or "keystring:shared secret" when the app has one (integration-notes §B). */
export const etsyApiKey = (config: { clientId: string; sharedSecret?: string | undefined }) =>
  config.sharedSecret ? `${config.clientId}:${config.sharedSecret}` : config.clientId

export const ETSY_API_URL = 'https://api.etsy.com'

/** No Etsy shop connected: nothing can be read or sold there. */
export const etsyNotConnected = () =>
  new AppError(409, 'etsy_not_connected', 'No Etsy shop is connected. Connect Etsy from the Dashboard first.')

/** A connection made before Snaplist asked for the scopes selling needs (docs/decisions/0031). */
export const etsyReconnectNeeded = () =>
  new AppError(
    409,
    'etsy_reconnect_needed',
    'Your Etsy connection was made before Snaplist could publish there. Connect Etsy again from the Dashboard, then post.',
  )
