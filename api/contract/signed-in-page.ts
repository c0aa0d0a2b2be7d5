// The Dashboard the server renders for a signed-in seller (docs/decisions/0019) carries the user it was rendered for,
// as JSON in an element of this id, so the browser's first render is the same and React adopts the markup.
export const SIGNED_IN_USER_ELEMENT_ID = 'snaplist-signed-in-user'

/** The signed-in screens the server renders: the Dashboard, where the app opens. */
export const SERVER_RENDERED_PATHS = ['/']
