// Importing a seller's live eBay listings (issue 31, docs/decisions/0037). A durable job reads one page at a time and
// queues the next page's job in the transaction that records the page done, so an import killed midway goes on from
// its page; each listing is made in one transaction with its link to eBay's item (one per seller and item), so a page
// done twice, or a second import, makes nothing twice. eBay's calls are paced, and a busy eBay (429, or Trading's
// call limit) is waited out with a doubling wait before the job gives the page back for pg-boss' retry. Meanwhile the
// import says what holds it up, in the seller's words (issue 47), and a seller's Retry goes on at once; when the job's
// last try fails too, the import stops with its words rather than running on unseen.
import type { MarketplaceImportStatus } from '../../contract/marketplace-import.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as imports from '../../db/ebay-imports.ts'
import { ensureRow } from '../../db/ebay-revisions.ts'
import { hasWorkingGrant } from '../../db/marketplace-connections.ts'
import { insertListing } from '../../db/listings.ts'
import { AppError } from '../../errors.ts'
import type { JobInfo, JobQueue } from '../jobs.ts'
import type { PhotoService } from '../listings/photos.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { MarketplaceImporter } from '../selling/marketplace.ts'
import { MAX_IMAGES } from '../../contract/photos.ts'
import { createImportReader, type EbayItem, type ItemsPage } from './import-read.ts'
import { createPictureCopy, derivedUuid } from '../listings/picture-copy.ts'
import { conditionOf, listingOfEbayItem } from './import-listing.ts'
import type { EbaySellClient } from './sell-api.ts'
import type { TradingClient } from './trading-api.ts'

export const IMPORT_JOB = 'ebay-import'

export interface EbayImportOptions {
  /** The least time between two eBay calls of one process (eBay counts calls per day and refuses bursts with 429). */
  paceMs?: number
  /** The first wait after eBay said it is busy; each next one doubles, BUSY_TRIES in all before the job gives up the page. */
  busyWaitMs?: number
  /**
   * An import whose page has not moved for this long is taken for dead (its process killed): importing again resumes
   * it. Longer than a page takes (a page waits out eBay's busy spells, about two minutes at most, touching it meanwhile).
   */
  staleSeconds?: number
}
const BUSY_TRIES = 6

// What the seller reads while eBay holds the import up, and once the job has given up.
const EBAY_BUSY = "eBay is busy right now; we'll keep trying."
const EBAY_AWAY = "eBay isn't answering; we'll keep trying."
const GAVE_UP =
  "eBay hasn't answered for a while, so the import stopped. Retry starts it again: nothing is brought twice."
const STALLED = 'The import has not moved for a while. Retry goes on from where it stopped.'
const FAULT = 'The import stopped on a fault at Snaplist. Retry starts it again: nothing is brought twice.'

const isBusy = (error: AppError) => error.status === 429 || error.code === 'ebay_busy'
/** eBay away or busy: worth trying again later (a refusal is not). */
const passes = (error: AppError) => error.status >= 500 || isBusy(error)

export interface EbayImportDeps {
  sql: Sql
  jobs: JobQueue
  sell: EbaySellClient
  trading: TradingClient
  photos: Pick<PhotoService, 'copyIn'>
  connectionService: MarketplaceConnectionService
  /** Where eBay serves pictures (hosts.ts): photos are copied from there only. */
  picturesOrigin: string
  options?: EbayImportOptions
  fetcher?: typeof fetch
}

const notConnected = () =>
  new AppError(409, 'ebay_not_connected', 'Connect your eBay account first: the import reads your listings there.')

export interface EbayImport extends MarketplaceImporter {
  /** The job: one page of the import, then the next page's job. */
  importPage(page: { userId: number }, job?: JobInfo): Promise<void>
}

export function createEbayImport(deps: EbayImportDeps): EbayImport {
  const { sql, jobs, sell, trading, photos, connectionService, picturesOrigin, fetcher } = deps
  const copyPicture = createPictureCopy({ photos, picturesOrigin, ...(fetcher ? { fetcher } : {}) })
  const paceMs = deps.options?.paceMs ?? 100
  const busyWaitMs = deps.options?.busyWaitMs ?? 2000
  const staleSeconds = deps.options?.staleSeconds ?? 90
  let nextCallAt = 0
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /** The sellers whose page this process is importing: kept marked alive while eBay's busy spell is waited out. */
  const importing = new Set<number>()

  /** One eBay call, after the pace's gap; eBay busy is waited out, doubling. */
  async function paced<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const wait = nextCallAt - Date.now()
      nextCallAt = Math.max(nextCallAt, Date.now()) + paceMs
      if (wait > 0) await sleep(wait)
      try {
        return await call()
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'ebay_busy') || attempt >= BUSY_TRIES) throw error
        for (const userId of importing) await imports.noteTrouble(sql, userId, EBAY_BUSY)
        await sleep(busyWaitMs * 2 ** (attempt - 1))
      }
    }
  }
  const reader = createImportReader(sell, trading, paced)

  /** eBay's pictures as the seller's photos, in eBay's order (those that cannot be copied are left out). */
  async function copyPictures(userId: number, urls: string[]): Promise<string[]> {
    const copied: string[] = []
    for (const url of urls.slice(0, MAX_IMAGES)) {
      const photo = await copyPicture(userId, url)
      if (photo) copied.push(photo.imageUrl)
    }
    return copied
  }

  /** Makes the listing of one eBay item unless the seller has it; answers whether it could be brought. */
  async function bring(userId: number, item: EbayItem): Promise<boolean> {
    const here = await imports.itemIdsHere(sql, userId, [item.itemId])
    if (here.size) return true
    const input = listingOfEbayItem(item, await copyPictures(userId, item.pictureUrls))
    if ('problem' in input) {
      console.error(`[ebay] import: eBay listing ${item.itemId} skipped: ${input.problem}`)
      return false
    }
    await sql.begin(async (tx) => {
      if (await imports.alreadyHere(tx, userId, item.itemId, item.sku)) return
      const listing = await insertListing(tx, userId, {
        ...input,
        clientId: derivedUuid(userId, `item ${item.itemId}`),
      })
      if (!listing) return
      await imports.linkToEbayItem(tx, listing.id, {
        source: item.source,
        itemId: item.itemId,
        sku: item.source === 'inventory' ? item.sku : null,
        offerId: item.offerId,
        condition: conditionOf(item),
        ebayCondition: item.source === 'inventory' ? item.condition : null,
      })
      await ensureRow(tx, listing.id, listing.quantity)
      await logChange(tx, userId, 'listing-created', listing.id, {})
    })
    return true
  }

  /** The page recorded done (its listings are made) with the next page's job, together. */
  async function finishPage(
    userId: number,
    page: ItemsPage,
    next: (page: number | null) => Parameters<typeof imports.savePage>[2],
  ) {
    const step = next(page.next)
    await sql.begin(async (tx) => {
      await imports.savePage(tx, userId, step, page.skipped)
      if (step.phase !== 'done') await jobs.sendInTransaction(tx, IMPORT_JOB, { userId })
    })
  }

  async function importPage({ userId }: { userId: number }, job?: JobInfo): Promise<void> {
    const row = await imports.findImport(sql, userId)
    if (row?.status !== 'running') return
    importing.add(userId)
    try {
      await connectionService.call(userId, 'ebay', async (token) => {
        if (row.total === null) await imports.saveTotal(sql, userId, await reader.countActive(token))
        if (row.phase === 'inventory') {
          const skusHere = (skus: string[]) => imports.skusHere(sql, userId, skus)
          const page = await reader.inventoryPage(token, row.inventoryOffset, skusHere, (item) => bring(userId, item))
          await finishPage(userId, page, (next) =>
            next === null ? { phase: 'trading', tradingPage: 1 } : { phase: 'inventory', inventoryOffset: next },
          )
        } else if (row.phase === 'trading') {
          const here = (ids: string[]) => imports.itemIdsHere(sql, userId, ids)
          const page = await reader.tradingPage(token, row.tradingPage, here, (item) => bring(userId, item))
          await finishPage(userId, page, (next) =>
            next === null ? { phase: 'done' } : { phase: 'trading', tradingPage: next },
          )
        }
      })
    } catch (error) {
      // What will not pass by waiting (no connection, full storage, eBay's refusal) stops the import with its words.
      if (error instanceof AppError && !passes(error)) {
        await imports.failImport(sql, userId, error.message)
        return
      }
      // eBay away or busy: said, and tried again with back-off; when the tries are over, the import stops, said so.
      const ebays = error instanceof AppError
      if (job?.lastTry) await imports.failImport(sql, userId, ebays ? GAVE_UP : FAULT)
      else if (ebays) await imports.noteTrouble(sql, userId, isBusy(error) ? EBAY_BUSY : EBAY_AWAY)
      throw error
    } finally {
      importing.delete(userId)
    }
  }

  async function status(userId: number): Promise<MarketplaceImportStatus> {
    const row = await imports.findImport(sql, userId)
    const imported = await imports.countImported(sql, userId)
    if (!row) return { status: 'none', imported, total: null, skipped: 0, skippedReasons: [], message: null }
    // A running import nothing has moved for (its process died; its job's retry is minutes away) says so: Retry resumes.
    const stalled = row.status === 'running' && Date.now() - row.updatedAt.getTime() > staleSeconds * 1000
    const message = row.message ?? (stalled ? STALLED : null)
    return { status: row.status, imported, total: row.total, skipped: row.skipped, skippedReasons: [], message }
  }

  return {
    importPage,
    status,

    async start(userId: number): Promise<{ status: MarketplaceImportStatus; started: boolean }> {
      if (!(await hasWorkingGrant(sql, userId, 'ebay'))) throw notConnected()
      const { started } = await imports.startImport(sql, userId, staleSeconds)
      if (started) await jobs.send(IMPORT_JOB, { userId })
      return { status: await status(userId), started }
    },
  }
}
