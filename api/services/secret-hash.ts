// What Snaplist keeps of a secret it hands out (a session cookie, a mailed link's token, the setup code): its SHA-256
// in hex. Each carries 80 bits or more of randomness, so a fast unsalted hash is enough: nothing to guess, and a
// leaked table opens nothing. Passwords, which people choose, are hashed with scrypt instead (passwords.ts).
import { createHash } from 'node:crypto'

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')
