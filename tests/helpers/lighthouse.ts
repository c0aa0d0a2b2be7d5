// One Lighthouse run (mobile, its default form factor and simulated throttling) on Debian's Chromium, reduced to what
// issue 19 and docs/decisions/0014 measure: the three category scores, the paint and shift figures, the JavaScript it
// took and the number of requests. Shared by the browser suite's floor (tests/e2e/lighthouse.spec.ts) and npm run bench.
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
export type Category = (typeof CATEGORIES)[number]

export interface Audit {
  scores: Record<Category, number>
  /** Simulated, in milliseconds. */
  fcp: number
  lcp: number
  tbt: number
  cls: number
  /**
   * JavaScript transferred (compressed bytes) in the whole load, and of it what the first paint waited for: scripts
   * fetched at a blocking priority that had arrived when the page painted (the rule of Lighthouse's own simulation).
   */
  jsBytes: number
  jsBeforePaintBytes: number
  requests: number
  /** What cost points (audits under 0.9), so a failure says what to fix. */
  failing: string[]
  /** The element the largest paint was of, as Lighthouse names it: what to look at when that paint is late. */
  lcpElement: string
}

interface NetworkRow {
  resourceType?: string
  priority?: string
  transferSize?: number
  networkEndTime?: number
}

// The audit's first table holds one row whose node Lighthouse describes by its selector and a snippet of its markup.
const largestPaintElement = (audit: { details?: unknown } | undefined) => {
  const tables = (audit?.details as { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] })
    ?.items
  const node = tables?.[0]?.items?.[0]?.node
  return node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : 'none'
}

const numeric = (audit: { numericValue?: number } | undefined) => audit?.numericValue ?? Number.NaN

/** A cookie the browser holds before the audit, e.g. a session (`name=value`). */
async function holdCookie(port: number, url: string, cookie: string) {
  const [name, value] = cookie.split('=') as [string, string]
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    await browser.contexts()[0]!.addCookies([{ name, value, url, httpOnly: true, sameSite: 'Lax' }])
  } finally {
    await browser.close()
  }
}

/** Audits url; with a cookie, the browser holds it as its own (the page's own cookies then go along with it). */
export async function auditPage(url: string, cookie?: string): Promise<Audit> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  })
  try {
    if (cookie) await holdCookie(chrome.port, url, cookie)
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, audits } = result.lhr
    const rows = ((audits['network-requests']?.details as { items?: NetworkRow[] } | undefined)?.items ??
      []) as NetworkRow[]
    // Observed (unthrottled) times, both from the start of the navigation: which scripts had arrived when the page
    // first painted in this very run.
    const metrics = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {}
    const observedPaint = metrics.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY
    const scripts = rows.filter((row) => row.resourceType === 'Script')
    const bytes = (list: NetworkRow[]) => list.reduce((sum, row) => sum + (row.transferSize ?? 0), 0)
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ) as Record<Category, number>,
      fcp: numeric(audits['first-contentful-paint']),
      lcp: numeric(audits['largest-contentful-paint']),
      tbt: numeric(audits['total-blocking-time']),
      cls: numeric(audits['cumulative-layout-shift']),
      jsBytes: bytes(scripts),
      jsBeforePaintBytes: bytes(
        scripts.filter(
          (row) =>
            (row.priority === 'High' || row.priority === 'VeryHigh') && (row.networkEndTime ?? 0) <= observedPaint,
        ),
      ),
      requests: rows.length,
      lcpElement: largestPaintElement(audits['largest-contentful-paint-element']),
      failing: CATEGORIES.flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${id}: ${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
      ),
    }
  } finally {
    chrome.kill()
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export const describeAudit = (audit: Audit) =>
  `${CATEGORIES.map((id) => audit.scores[id]).join('/')}, FCP ${(audit.fcp / 1000).toFixed(2)} s, LCP ${(audit.lcp / 1000).toFixed(2)} s, ` +
  `TBT ${Math.round(audit.tbt)} ms, CLS ${audit.cls.toFixed(3)}, JS ${Math.round(audit.jsBytes / 1024)} KB ` +
  `(${Math.round(audit.jsBeforePaintBytes / 1024)} KB before first paint), ${audit.requests} requests, ` +
  `largest paint of ${audit.lcpElement}`
