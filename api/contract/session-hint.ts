// A cookie that says only "a session may exist in this browser". The session cookie itself is HttpOnly, so the page
// cannot see it; this one lets a signed-out visitor's page skip asking /api/user (whose 401 Chromium logs as an error)
// without deciding anything: the server stays the authority, and a 401 still means what docs/product.md §3 says.
export const SIGNED_IN_HINT_COOKIE = 'snaplist_signed_in'

/**
 * Where the app remembers who was signed in on this device (src/lib/last-user.ts), so it can open offline;
 * the build's starter script (scripts/vite-prerender.ts) reads it too, as a sign that the app should start at once.
 */
export const LAST_USER_KEY = 'snaplist:last-user'
