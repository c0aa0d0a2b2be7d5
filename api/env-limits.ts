// The limits an operator may set (docs/security.md): what one seller may cost in AI analyses and in marketplace
// lookups, and how many live event streams one API process holds; read once into the Config (env.ts).
import { EVENT_STREAM_LIMITS, type EventStreamLimits } from './services/events/live-stream.ts'
import { LOOKUP_LIMITS, type LookupLimitSettings } from './services/lookup-limits.ts'
import { ANALYSIS_LIMITS } from './services/rate-limit.ts'

export interface LimitsConfig {
  /** ANALYSIS_LIMIT_PER_MINUTE, ANALYSIS_LIMIT_PER_DAY: analyses one seller may start (issue 27 F6). */
  analysisLimits: { perMinute: number; perDay: number }
  /**
   * LOOKUP_LIMIT_PER_MINUTE, _PER_DAY (one seller) and LOOKUP_LIMIT_INSTALL_PER_DAY (each marketplace, every seller):
   * what sellers may ask the marketplaces for on the app's own allowance (issue 46 G3).
   */
  lookupLimits: LookupLimitSettings
  /** EVENT_STREAMS_PER_SESSION, _PER_SELLER, _PER_PROCESS and EVENT_REPLAY_MAX (issue 46 G4). */
  eventStreams: EventStreamLimits
}

/** A whole number of at least 1, or the fallback when unset. */
export function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const count = Number(raw)
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`)
  return count
}

export function readLimits(env: NodeJS.ProcessEnv): LimitsConfig {
  const count = (name: string, fallback: number) => parseCount(name, env[name], fallback)
  return {
    analysisLimits: {
      perMinute: count('ANALYSIS_LIMIT_PER_MINUTE', ANALYSIS_LIMITS.perMinute.max),
      perDay: count('ANALYSIS_LIMIT_PER_DAY', ANALYSIS_LIMITS.perDay.max),
    },
    lookupLimits: {
      perMinute: count('LOOKUP_LIMIT_PER_MINUTE', LOOKUP_LIMITS.perMinute),
      perDay: count('LOOKUP_LIMIT_PER_DAY', LOOKUP_LIMITS.perDay),
      installPerDay: count('LOOKUP_LIMIT_INSTALL_PER_DAY', LOOKUP_LIMITS.installPerDay),
    },
    eventStreams: {
      perSession: count('EVENT_STREAMS_PER_SESSION', EVENT_STREAM_LIMITS.perSession),
      perSeller: count('EVENT_STREAMS_PER_SELLER', EVENT_STREAM_LIMITS.perSeller),
      perProcess: count('EVENT_STREAMS_PER_PROCESS', EVENT_STREAM_LIMITS.perProcess),
      replayMax: count('EVENT_REPLAY_MAX', EVENT_STREAM_LIMITS.replayMax),
    },
  }
}
