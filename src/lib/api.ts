// The app's API client: the typed hono/client of offline/api-client.ts on this page's origin. A non-ok answer becomes
// an ApiError (offline/api-error.ts) carrying the API's message, code and fields.
import { apiClient } from '../offline/api-client.ts'
import { nextTask } from './next-task.ts'

export { ApiError, errorMessage, failureMessage, fieldErrors, hasCode } from '../offline/api-error.ts'
export { cancelledBy, okJson, okJsonOrSignedOut, okResponse } from '../offline/api-client.ts'

/**
 * A request starts in a task of its own: starting one holds Chromium's main thread for milliseconds, and the requests of
 * a screen are started while React commits it (its queries subscribe), or while a tap is handled.
 */
const inTaskOfItsOwn: typeof fetch = (...args) => nextTask().then(() => fetch(...args))

/** Every route under /api, typed from the server's: `api.listings.$get()`. */
export const api = apiClient({ fetcher: inTaskOfItsOwn })
