// Signing out: what keeps a request open for the seller (the live events stream) lets go before the session ends, and
// none starts until it has (a part of the page still loading, such as the stream's, may mount meanwhile), so nothing
// is refused with a 401 on the way out (a stream's reconnect would be).
const SIGNING_OUT = 'snaplist:signing-out'

let signingOut = false

export const announceSigningOut = () => {
  signingOut = true
  window.dispatchEvent(new Event(SIGNING_OUT))
}

/** The sign-out is over, ended or failed: whoever is signed in next (or still) may open what they need again. */
export const signingOutOver = () => {
  signingOut = false
}

/** While a sign-out is under way, nothing that would hold a request open for the seller may start. */
export const isSigningOut = () => signingOut

export function onSigningOut(listener: () => void): () => void {
  window.addEventListener(SIGNING_OUT, listener)
  return () => window.removeEventListener(SIGNING_OUT, listener)
}
