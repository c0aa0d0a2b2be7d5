// The app for the Dashboard benchmark (dashboard.ts): the real app and the built client over a throwaway database (a
// Postgres server when one answers, as issue 31 measured, else PGlite), and sellers with as many listings as asked,
// each copied in SQL from one made through the API with a photo (tests/helpers/many-listings.ts).
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import postgres from 'postgres'
import { createApp } from '../../api/app.ts'
import { openDatabase, type Database } from '../../api/db/client.ts'
import { vacuumListings } from '../../api/db/listing-search.ts'
import { migrate } from '../../api/db/migrate.ts'
import { createLocalAnalyzer } from '../../api/services/listings/analyzer/local.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import { builtApp } from '../../api/static.ts'
import { photoForm, solidJpeg } from '../helpers/images.ts'
import { copyListing } from '../helpers/many-listings.ts'
import { postgresMode } from './run.ts'

async function throwawayDatabase(): Promise<{ db: Database; label: string; drop(): Promise<void> }> {
  const server = await postgresMode()
  if (!server?.databaseUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-dashboard-bench-'))
    const db = await openDatabase({ pgliteDir: path.join(dir, 'pglite') })
    return { db, label: 'PGlite', drop: async () => (await db.close(), await rm(dir, { recursive: true })) }
  }
  const name = `snaplist_bench_${randomBytes(6).toString('hex')}`
  const admin = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
  await admin`create database ${admin(name)}`
  const url = new URL(server.databaseUrl)
  url.pathname = `/${name}`
  const db = await openDatabase({ databaseUrl: url.href })
  return {
    db,
    label: server.label,
    async drop() {
      await db.close()
      await admin`drop database if exists ${admin(name)} with (force)`
      await admin.end()
    },
  }
}

export interface Seller {
  cookie: string
  listings: number
}

export async function startPowerSellerApp() {
  const photosDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-dashboard-photos-'))
  const database = await throwawayDatabase()
  const sql = database.db.sql
  await migrate(sql)
  const dist = builtApp(path.resolve('dist'))
  const app = createApp({
    sql,
    config: { publicUrl: undefined, appUrl: 'http://localhost', https: false, trustProxy: false },
    storage: createLocalStorage(photosDir),
    analyzer: createLocalAnalyzer(),
    inlineStyleHashes: dist.inlineStyleHashes,
  })
  dist.mount(app)
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`

  const post = async (cookie: string, route: string, body: FormData | object) => {
    const headers: Record<string, string> = { origin, ...(cookie ? { cookie } : {}) }
    if (!(body instanceof FormData)) headers['content-type'] = 'application/json'
    const response = await fetch(`${origin}${route}`, {
      method: 'POST',
      headers,
      body: body instanceof FormData ? body : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`)
    return response
  }

  /** A seller with `count` listings: the first made through the API, the rest copied from it. */
  async function seller(name: string, count: number): Promise<Seller> {
    const registered = await post('', '/api/register', {
      username: name,
      email: `${name}@example.com`,
      firstName: 'Power',
      lastName: 'Seller',
      password: 'correct horse battery',
    })
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!
    const photo = (await (
      await post(
        cookie,
        '/api/images',
        photoForm(await solidJpeg({ r: 120, g: 90, b: 60 }, 800, 600), { id: randomUUID() }),
      )
    ).json()) as { imageUrl: string }
    const model = (await (
      await post(cookie, '/api/listings', {
        clientId: randomUUID(),
        title: 'Vintage denim jacket, lot 0',
        description:
          'Classic 90s stonewash denim jacket with brass buttons, two chest pockets and a corduroy collar. Light fading at the cuffs.',
        price: 45,
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
    ).json()) as { id: number }
    await copyListing(sql, model.id, count - 1)
    // As the hourly housekeeping (or a server's autovacuum) leaves the table.
    await vacuumListings(sql)
    return { cookie, listings: count }
  }

  return {
    origin,
    label: database.label,
    seller,
    async stop() {
      server.close()
      await database.drop()
      await rm(photosDir, { recursive: true, force: true })
    },
  }
}
