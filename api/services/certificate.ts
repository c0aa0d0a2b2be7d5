// The self-signed certificate for HTTPS=1: made once into the data folder, naming localhost and this machine's LAN
// addresses, so a phone on the same network can open the app over https (service workers need it off localhost).
import { readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { generate } from 'selfsigned'

function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((net) => net !== undefined && net.family === 'IPv4' && !net.internal)
    .map((net) => net!.address)
}

export async function loadOrCreateCertificate(dataDir: string): Promise<{ key: string; cert: string }> {
  const keyPath = path.join(dataDir, 'https-key.pem')
  const certPath = path.join(dataDir, 'https-cert.pem')
  const namesPath = path.join(dataDir, 'https-names.txt')
  const names = ['localhost', '127.0.0.1', ...lanAddresses()].join(',')
  try {
    // A certificate made while on another network would not name today's address: make a new one then.
    if ((await readFile(namesPath, 'utf8')) === names) {
      return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8') }
    }
  } catch {
    // No certificate yet: fall through and make one.
  }
  const altNames = names
    .split(',')
    .map((name) =>
      /^\d+\.\d+\.\d+\.\d+$/.test(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
    )
  const pems = await generate([{ name: 'commonName', value: 'Snaplist (local)' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
    extensions: [{ name: 'subjectAltName', altNames }],
  })
  await writeFile(keyPath, pems.private, { mode: 0o600 })
  await writeFile(certPath, pems.cert)
  await writeFile(namesPath, names)
  return { key: pems.private, cert: pems.cert }
}
