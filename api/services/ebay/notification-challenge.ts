// eBay's check that a notification endpoint is this app's (integration-notes §A3): eBay GETs it with a challenge code
// and wants the SHA-256 hex of challenge code + verification token + the endpoint's address as registered.
import { createHash } from 'node:crypto'

export function challengeResponse(challengeCode: string, verificationToken: string, endpoint: string) {
  const hash = createHash('sha256').update(challengeCode).update(verificationToken).update(endpoint)
  return { challengeResponse: hash.digest('hex') }
}
