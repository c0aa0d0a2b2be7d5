// Signing out: what keeps a request open for the seller (the live events stream) lets go before the session ends, so
// nothing is refused with a 401 on the way out (a stream's reconnect would be).
const SIGNING_OUT = 'snaplist:signing-out'

export const announceSigningOut = () => window.dispatchEvent(new Event(SIGNING_OUT))

export function onSigningOut(listener: () => void): () => void {
  window.addEventListener(SIGNING_OUT, listener)
  return () => window.removeEventListener(SIGNING_OUT, listener)
}
