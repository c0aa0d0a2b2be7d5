// What Snaplist keeps of a secret it hands out (a session cookie, a mailed link's token, the setup code): its SHA-256
// in hex. Each carries 80 bits or more of randomness, so a fast unsalted hash is enough: nothing to guess, and a
// leaked table opens nothing. Passwords, which people choose, are hashed with scrypt instead (passwords.ts).
import { hash } from 'node:crypto'

// The one-shot form: every signed-in request hashes its session cookie, and building a Hash object cost it 2 µs more.
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex')
