// Importing the products of a seller's Shopify store as listings (issue 49, docs/decisions/0078), as eBay's import
// does (decision 0037): a durable job reads one page of products, makes its listings one by one (photos copied in),
// then saves the page's cursor with the next page's job in one transaction, so a killed import goes on from its page.
// Each listing is made in one transaction with its place (the product), under a client id derived from the seller and
// product, so a page done twice, or a second import, makes nothing twice. Shopify busy or throttled is waited out as
// it says (bounded), then the job is given back for pg-boss' retry; meanwhile the import says what holds it up.
import type { MarketplaceImportStatus } from '../../contract/marketplace-import.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import * as importedPlaces from '../../db/imported-places.ts'
import { markPlaceLive } from '../../db/listing-places.ts'
import { insertListing } from '../../db/listings.ts'
import { hasWorkingGrant } from '../../db/marketplace-connections.ts'
import * as imports from '../../db/marketplace-imports.ts'
import { AppError } from '../../errors.ts'
import type { JobInfo, JobQueue } from '../jobs.ts'
import { createPictureCopy, derivedUuid } from '../listings/picture-copy.ts'
import type { PhotoService } from '../listings/photos.ts'
import type { MarketplaceImporter } from '../selling/marketplace.ts'
import type { ShopifyAdmin, ShopifyStore } from './admin-api.ts'
import { countProducts, imageUrlsOf, readProductsPage, type ShopifyProduct } from './import-read.ts'
import { listingOfProduct } from './import-listing.ts'
import { productUrl } from './publish.ts'
import { readStoreSetup } from './store-setup.ts'
import { shopifyNotConnected, type ShopifyStoreAccess } from './store-access.ts'

export const SHOPIFY_IMPORT_JOB = 'shopify-import'
const SHOPIFY = 'shopify'
/** Pages per import: 400 pages of 25 is 10,000 products, past which the rest are left (a seller's bound). */
const PAGES_MAX = 400
const BUSY_TRIES = 5
/** The longest Shopify's "try again in" is waited inside a job; longer goes back to pg-boss' retry. */
const BUSY_WAIT_MAX_SECONDS = 30

const SHOPIFY_BUSY = "Shopify is busy right now; we'll keep trying."
const SHOPIFY_AWAY = "Shopify isn't answering; we'll keep trying."
const GAVE_UP =
  "Shopify hasn't answered for a while, so the import stopped. Retry starts it again: nothing is brought twice."
const STALLED = 'The import has not moved for a while. Retry goes on from where it stopped.'
const FAULT = 'The import stopped on a fault at Snaplist. Retry starts it again: nothing is brought twice.'
const TOO_MANY = 'Only the first 10,000 products were imported.'

const isBusy = (error: unknown): error is AppError => error instanceof AppError && error.code === 'shopify_busy'
/** Shopify away or busy: worth trying again later (a refusal is not). */
const passes = (error: AppError) => error.status >= 500 || isBusy(error)

export interface ShopifyImportDeps {
  sql: Sql
  jobs: JobQueue
  admin: ShopifyAdmin
  access: ShopifyStoreAccess
  photos: Pick<PhotoService, 'copyIn'>
  /** Where Shopify serves product images (cdn.shopify.com; the stand-in in tests): photos are copied from there only. */
  picturesOrigin: string
  /** Scales Shopify's "try again in" seconds (1000: as said; tests wait less). */
  msPerBusySecond?: number
  staleSeconds?: number
  fetcher?: typeof fetch
}

export interface ShopifyImport extends MarketplaceImporter {
  /** The job: one page of products, then the next page's job. */
  importPage(page: { userId: number }, job?: JobInfo): Promise<void>
}

export function createShopifyImport(deps: ShopifyImportDeps): ShopifyImport {
  const { sql, jobs, admin, access, photos, picturesOrigin, fetcher } = deps
  const copyPicture = createPictureCopy({ photos, picturesOrigin, ...(fetcher ? { fetcher } : {}) })
  const msPerBusySecond = deps.msPerBusySecond ?? 1000
  const staleSeconds = deps.staleSeconds ?? 90
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /** A Shopify call; busy is waited out as Shopify says, a few times, the import said to be held up meanwhile. */
  async function patient<T>(userId: number, call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await call()
      } catch (error) {
        if (!isBusy(error) || attempt >= BUSY_TRIES) throw error
        const seconds = error.details?.retryAfterSeconds ?? 2
        if (seconds > BUSY_WAIT_MAX_SECONDS) throw error
        await imports.noteTrouble(sql, userId, SHOPIFY, SHOPIFY_BUSY)
        await sleep(seconds * msPerBusySecond)
      }
    }
  }

  async function copyPictures(userId: number, urls: string[]): Promise<string[]> {
    const copied: string[] = []
    for (const url of urls) {
      const photo = await copyPicture(userId, url)
      if (photo) copied.push(photo.imageUrl)
    }
    return copied
  }

  /** Makes the listing of one product unless the seller has it; answers why it could not be brought, if not. */
  async function bring(
    userId: number,
    store: ShopifyStore,
    locationId: string,
    product: ShopifyProduct,
  ): Promise<string | null> {
    if (await places.listingOfExternalId(sql, userId, SHOPIFY, product.id)) return null
    const input = listingOfProduct(product, await copyPictures(userId, imageUrlsOf(product)))
    if ('problem' in input) return `${product.title.slice(0, 80)}: ${input.problem}`
    const [variant] = product.variants.nodes
    await sql.begin(async (tx) => {
      const listing = await insertListing(tx, userId, { ...input, clientId: derivedUuid(userId, product.id) })
      if (!listing) return
      await markPlaceLive(tx, listing.id, SHOPIFY, product.id, {
        variantId: variant!.id,
        inventoryItemId: variant!.inventoryItem.id,
        locationId,
        imported: 'true',
      })
      await importedPlaces.saveImportedPlace(tx, listing.id, SHOPIFY, {
        url: product.onlineStoreUrl ?? productUrl(store.shop, product.handle),
        quantity: listing.quantity,
        ended: product.status !== 'ACTIVE',
      })
      await logChange(tx, userId, 'listing-created', listing.id, {})
    })
    return null
  }

  async function importPage({ userId }: { userId: number }, job?: JobInfo): Promise<void> {
    const row = await imports.findImport(sql, userId, SHOPIFY)
    if (row?.status !== 'running') return
    try {
      await access(userId, async (store) => {
        const { locationId } = await patient(userId, () => readStoreSetup(admin, store))
        // The store's count, with the first page: the card's "Imported N of M" and its bar.
        if (row.cursor === null) {
          const total = await patient(userId, () => countProducts(admin, store))
          if (total !== null) await imports.noteTotal(sql, userId, SHOPIFY, total)
        }
        const page = await patient(userId, () => readProductsPage(admin, store, row.cursor))
        const skipped: string[] = []
        for (const product of page.products) {
          const problem = await bring(userId, store, locationId, product)
          if (problem) skipped.push(problem)
        }
        const last = page.next === null || row.pages + 1 >= PAGES_MAX
        await sql.begin(async (tx) => {
          await imports.savePage(tx, userId, SHOPIFY, {
            cursor: last ? null : page.next,
            skipped: last && page.next ? [...skipped, TOO_MANY] : skipped,
          })
          if (!last) await jobs.sendInTransaction(tx, SHOPIFY_IMPORT_JOB, { userId })
        })
      })
    } catch (error) {
      // What will not pass by waiting (no store, a scope missing, full storage) stops the import with its words.
      if (error instanceof AppError && !passes(error)) {
        await imports.failImport(sql, userId, SHOPIFY, error.message)
        return
      }
      const shopifys = error instanceof AppError
      if (job?.lastTry) await imports.failImport(sql, userId, SHOPIFY, shopifys ? GAVE_UP : FAULT)
      else if (shopifys) await imports.noteTrouble(sql, userId, SHOPIFY, isBusy(error) ? SHOPIFY_BUSY : SHOPIFY_AWAY)
      throw error
    }
  }

  async function status(userId: number): Promise<MarketplaceImportStatus> {
    const row = await imports.findImport(sql, userId, SHOPIFY)
    const imported = await importedPlaces.countImported(sql, userId, SHOPIFY)
    if (!row) return { status: 'none', imported, total: null, skipped: 0, skippedReasons: [], message: null }
    const stalled = row.status === 'running' && Date.now() - row.updatedAt.getTime() > staleSeconds * 1000
    return {
      status: row.status,
      imported,
      total: row.total,
      skipped: row.skipped,
      skippedReasons: row.skippedReasons,
      message: row.message ?? (stalled ? STALLED : null),
    }
  }

  return {
    importPage,
    status,
    async start(userId) {
      if (!(await hasWorkingGrant(sql, userId, SHOPIFY))) throw shopifyNotConnected()
      const { started } = await imports.startImport(sql, userId, SHOPIFY, staleSeconds)
      if (started) await jobs.send(SHOPIFY_IMPORT_JOB, { userId })
      return { status: await status(userId), started }
    },
  }
}
