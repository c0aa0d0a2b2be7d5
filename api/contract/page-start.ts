// Between the pages the build and the server write and the app that takes them over (docs/decisions/0014): the
// build's starter script holds the taps that come before React until the app says it has the page.

/** Dispatched on window once React has the page (hydrated or rendered). */
export const INTERACTIVE_EVENT = 'snaplist:interactive'

/**
 * Where the starter leaves its answer for the settings it read (a page's data-start-unless, /auth's sign-in settings)
 * as a promise of their JSON, so the app takes that answer instead of asking again (docs/decisions/0024).
 */
export const PAGE_SETTINGS_GLOBAL = 'snaplistPageSettings'
