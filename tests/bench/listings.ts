// BENCH_ONLY=listings: GET /api/listings for a seller with 200 listings (each with a photo), the Dashboard's one read,
// against the baseline primary-key select, on a fresh server per measurement, PGlite then a Postgres server. The
// budget (issue 9) is p99 under 50 ms with one seller asking at a time; the saturated run gives the throughput.
import { randomUUID } from 'node:crypto'
import {
  benchModes,
  ENDPOINTS,
  load,
  loadAverage,
  printHeader,
  reportProblems,
  settings,
  WARMUP_SECONDS,
  withServer,
  type Mode,
} from './run.ts'
import type { ReadyMessage } from './protocol.ts'
import { formatListings, type Measurement } from './report.ts'
import { photoForm, solidJpeg } from '../helpers/images.ts'

const LISTINGS = 200
const SEED_BATCH = 10

async function post(origin: string, cookie: string, path: string, body: FormData | string) {
  const headers: Record<string, string> = { cookie, origin }
  if (typeof body === 'string') headers['content-type'] = 'application/json'
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers, body })
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

/** 200 listings of the bench user, each naming a stored photo and carrying keywords and AI suggestions like real ones. */
async function seedListings({ port, cookie }: ReadyMessage) {
  const origin = `http://127.0.0.1:${port}`
  const photo = await post(
    origin,
    cookie,
    '/api/images',
    photoForm(await solidJpeg({ r: 120, g: 90, b: 60 }, 800, 600), { id: randomUUID() }),
  )
  const listing = (index: number) => ({
    clientId: randomUUID(),
    title: `Vintage denim jacket, size M, lot ${index}`,
    description:
      'Classic 90s stonewash denim jacket with brass buttons, two chest pockets and a corduroy collar. Light fading at the cuffs.',
    price: 45 + (index % 30),
    medianUsedPrice: 28,
    category: 'clothing',
    keywords: ['denim', 'jacket', 'vintage', '90s', 'stonewash'],
    color: 'blue',
    images: [photo.imageUrl],
    aiSuggestions: { title: 'Vintage denim jacket', suggestedPrice: 48, keywords: ['denim', 'jacket'] },
    brand: "Levi's",
    size: 'M',
    type: 'Vintage',
    department: 'Men',
  })
  for (let start = 0; start < LISTINGS; start += SEED_BATCH) {
    const batch = Array.from({ length: Math.min(SEED_BATCH, LISTINGS - start) }, (_, offset) => listing(start + offset))
    await Promise.all(batch.map((body) => post(origin, cookie, '/api/listings', JSON.stringify(body))))
  }
}

async function measure(mode: Mode, name: string, connections: number, listings: boolean): Promise<Measurement> {
  return withServer(mode, async (ready) => {
    if (listings) await seedListings(ready)
    const { path, headers = {} } = listings
      ? { path: '/api/listings', headers: { cookie: ready.cookie } }
      : ENDPOINTS[1]!.target(ready)
    const url = `http://127.0.0.1:${ready.port}${path}`
    await load(url, headers, WARMUP_SECONDS, connections)
    return { endpoint: name, result: await load(url, headers, settings.duration, connections) }
  })
}

async function benchMode(mode: Mode) {
  const measured: Measurement[] = []
  for (const connections of [1, settings.connections]) {
    measured.push(await measure(mode, `baseline: pk select, ${connections} conn.`, connections, false))
    measured.push(await measure(mode, `GET /api/listings (${LISTINGS}), ${connections} conn.`, connections, true))
  }
  console.log(formatListings(mode.label, measured))
  reportProblems(measured)
  console.log(`Load average after: ${loadAverage()}\n`)
}

export async function benchListings(): Promise<void> {
  printHeader(`Snaplist GET /api/listings benchmark (${LISTINGS} listings)`)
  for (const mode of await benchModes()) await benchMode(mode)
}
