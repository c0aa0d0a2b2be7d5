// One analysis per distinct photo set (issue 27 F6): a seller asking again for the same photos, in the same order, gets
// the stored answer, and requests for the same photos that arrive together share one model call. Keyed by the
// photos' stored keys, which are named by the hash of their content, so the same photo uploaded under another id is
// the same photo here.
import { createHash } from 'node:crypto'
import type { DraftAnalysis } from '../../contract/analysis.ts'
import type { Sql } from '../../db/client.ts'
import * as stored from '../../db/photo-analyses.ts'

/** How long a stored analysis is reused; its market prices are the catalog's of some hours ago (as its lookup cache's). */
export const ANALYSIS_REUSE_MS = 6 * 60 * 60 * 1000

export interface AnalysisReuse {
  /** The seller's analysis of these photos: stored, already running, or run now by `run` (which alone is counted). */
  once(userId: number, photoKeys: string[], run: () => Promise<DraftAnalysis>): Promise<DraftAnalysis>
}

export function createAnalysisReuse(sql: Sql): AnalysisReuse {
  const running = new Map<string, Promise<DraftAnalysis>>()

  async function storedOrRun(
    userId: number,
    photosHash: string,
    run: () => Promise<DraftAnalysis>,
  ): Promise<DraftAnalysis> {
    const kept = await stored.findAnalysis<DraftAnalysis>(sql, userId, photosHash, ANALYSIS_REUSE_MS)
    if (kept) return kept
    // Answered as stored, so a request arriving just after this one finished, which reads the stored analysis, gets the
    // very same answer.
    return stored.saveAnalysis(sql, userId, photosHash, await run())
  }

  return {
    once(userId: number, photoKeys: string[], run: () => Promise<DraftAnalysis>): Promise<DraftAnalysis> {
      const photosHash = createHash('sha256').update(photoKeys.join('\n')).digest('hex')
      const key = `${userId}:${photosHash}`
      const already = running.get(key)
      if (already) return already
      const work = storedOrRun(userId, photosHash, run).finally(() => running.delete(key))
      running.set(key, work)
      return work
    },
  }
}
