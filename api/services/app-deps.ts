// What the app is built from (api/server.ts passes the config's parts, tests their stand-ins): the database, storage,
// the AI, mail, jobs, the marketplaces' settings and the limits an operator may set.
import type { Sql } from '../db/client.ts'
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Config } from '../env.ts'
import type { GoogleIdentity } from './accounts/google-identity.ts'
import type { TokenCipher } from './crypto.ts'
import type { EventStreamLimits } from './events/live-stream.ts'
import type { JobQueue } from './jobs.ts'
import type { LookupLimitSettings } from './lookup-limits.ts'
import type { ImageAnalyzer } from './listings/analyzer/image-analyzer.ts'
import type { FileStorage } from './listings/storage.ts'
import type { MailTransport } from './mail/mail.ts'
import type { MarketplaceProviders } from './marketplaces/connections.ts'
import type { MarketplacesAppDeps } from './marketplace-modules.ts'
import type { PushOptions } from './push/push-services.ts'
import type { PerMinuteAndDay } from './rate-limit.ts'

/** Each marketplace's own settings are its wing's part of these (MarketplacesAppDeps, services/marketplace-modules.ts). */
export interface AppDeps extends MarketplacesAppDeps {
  sql: Sql
  /**
   * appUrl: the address links in emails start with: PUBLIC_URL, else the address the server printed at start. Never
   * taken from a request: a forged Host header would otherwise mail a real reset token to the attacker's host.
   * trustProxyHops defaults to 1 and registrationsPerHour to REGISTRATION_LIMIT's 10, as without the variables.
   */
  config: Pick<Config, 'publicUrl' | 'https' | 'trustProxy'> &
    Partial<Pick<Config, 'trustProxyHops' | 'registrationsPerHour'>> & { appUrl: string }
  storage: FileStorage
  analyzer: ImageAnalyzer
  /** Where mail goes; the database outbox when not given (the embedded default). */
  mail?: MailTransport
  /**
   * The durable job queue that sends mail after the reply; createApp defines the app's jobs on it (job-registry.ts),
   * the caller starts it. Without one, jobs are stored in the database and nobody runs them (benchmarks and tests that
   * do not look at mail).
   */
  jobs?: JobQueue
  /** Verifies Sign in with Google tokens; without it (no GOOGLE_CLIENT_ID) Google sign-in is off. */
  google?: GoogleIdentity
  /**
   * The marketplaces that can be connected and the cipher sealing their tokens. Without it none can, and tokens would
   * be sealed with a key that lives as long as the process (fine for tests and benchmarks, which keep nothing).
   */
  marketplaces?: { cipher: TokenCipher; providers: MarketplaceProviders }
  /** How many bytes of photos each seller may keep; the default (1024 MB) when not given. */
  photoQuotaBytes?: number
  /** Photo analyses at once in this process (ANALYSIS_CONCURRENCY); 4 when not given. */
  analysisConcurrency?: number
  /** Analyses one seller may start a minute and a day (ANALYSIS_LIMIT_PER_MINUTE, _PER_DAY); ANALYSIS_LIMITS when not given. */
  analysisLimits?: PerMinuteAndDay
  /** CSV files one seller may send to import a minute and a day; IMPORT_LIMITS when not given. */
  importLimits?: PerMinuteAndDay
  /** How often each seller's sales on each marketplace are read, in minutes; SALES_POLL_MINUTES when not given. */
  salesPollMinutes?: Partial<Record<Platform, number>>
  /** The built pages' inlined stylesheet, allowed by its hash (builtApp in api/static.ts); none when not given. */
  inlineStyleHashes?: string[]
  /** Web Push (docs/decisions/0035): the key pair, where pushes may go, the devices' limits; the defaults when not given. */
  push?: PushOptions
  /**
   * How open streams hear of changes (docs/decisions/0034): 'listen' on a Postgres server (every API process hears
   * every change), 'poll' on PGlite, which cannot listen through the app's one connection. 'poll' when not given.
   */
  changeFeed?: 'listen' | 'poll'
  /** Live event streams per session, seller and process, and the longest catch-up; EVENT_STREAM_LIMITS if not given. */
  eventStreams?: EventStreamLimits
  /** What sellers may ask the marketplaces for on the app's allowance (LOOKUP_LIMIT_*); LOOKUP_LIMITS when not given. */
  lookupLimits?: LookupLimitSettings
}
