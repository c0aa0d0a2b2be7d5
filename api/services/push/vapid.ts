// The server's VAPID key pair (RFC 8292): push services accept a push only when signed by the key the device
// subscribed with, so the pair must outlive restarts. VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise a pair
// made into DATA_DIR on first start, as the app secret is (services/crypto.ts). Losing it leaves every device's
// subscription unusable: each is then removed at its first push (the service answers 403/410) and made again from the
// Account screen.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import webPush from 'web-push'

export const VAPID_KEYS_FILE = 'vapid-keys.json'

/** Both base64url, as browsers take the public key (applicationServerKey) and web-push the private one. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** A pair that lives as long as the process: for tests and benchmarks, which keep nothing. */
export const createEphemeralVapidKeys = (): VapidKeys => webPush.generateVAPIDKeys()

export async function loadOrCreateVapidKeys(dataDir: string, fromEnv: VapidKeys | undefined): Promise<VapidKeys> {
  if (fromEnv) return fromEnv
  const file = path.join(dataDir, VAPID_KEYS_FILE)
  try {
    // 'wx': when two processes start at once on one data folder, the second reads the first one's pair.
    await writeFile(file, JSON.stringify(webPush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 })
    console.log(
      `Generated the key pair that signs sale notifications into ${file} (or set VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY).`,
    )
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const keys = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`${file} must hold {"publicKey","privateKey"}; delete it to have a new pair made.`)
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}

/** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: both or neither. */
export function readVapidKeys(publicKey: string | undefined, privateKey: string | undefined): VapidKeys | undefined {
  if (!publicKey && !privateKey) return undefined
  // A P-256 public point is 65 bytes (87 base64url characters), its private key 32 (43): what web-push generates.
  if (!publicKey || !privateKey || !/^[\w-]{87}$/.test(publicKey) || !/^[\w-]{43}$/.test(privateKey))
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together, base64url, as `npx web-push generate-vapid-keys` prints them (or set neither).',
    )
  return { publicKey, privateKey }
}
