// Reads the process environment once into a typed config; everything else takes a Config, never process.env.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { PLATFORMS, type Platform } from './contract/marketplace-paths.ts'
import { PUSH_SUBSCRIBE_LIMIT } from './services/rate-limit.ts'
import { parsePushServiceHosts } from './services/push/push-hosts.ts'
import { PUSH_SUBSCRIPTIONS_PER_SELLER } from './services/push/subscriptions.ts'
import { readVapidKeys, type VapidKeys } from './services/push/vapid.ts'
import { parseCount, readLimits, type LimitsConfig } from './env-limits.ts'
import { readMarketplacesEnv, type MarketplacesConfig } from './services/marketplace-settings.ts'

export interface Config extends LimitsConfig, MarketplacesConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string | undefined
  https: boolean
  trustProxy: boolean
  /** How many proxies stand in front of the server (TRUST_PROXY_HOPS); X-Forwarded-For entries left of theirs are the client's own. */
  trustProxyHops: number
  /** New accounts each client address may register per hour. */
  registrationsPerHour: number
  distDir: string
  gemini: { apiKey: string; model: string | undefined; baseUrl: string | undefined } | undefined
  supabase: { url: string; serviceKey: string; bucket: string } | undefined
  /** SMTP server for outgoing mail; unset, mail goes to the mail_outbox table and the log. */
  smtpUrl: string | undefined
  /** The From of outgoing mail. */
  mailFrom: string
  /**
   * Sign in with Google: the OAuth client id its tokens must be issued to, and where Google's signing certificates
   * are fetched from (Google's unless set; tests point it at a stand-in). Unset, Google sign-in is off.
   */
  google: { clientId: string; certificatesUrl: string | undefined } | undefined
  /** The secret the marketplace-token key is derived from; unset, one is generated into DATA_DIR. */
  appSecret: string | undefined
  /**
   * Web Push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (unset, a pair is generated into DATA_DIR), PUSH_SERVICE_HOSTS (push
   * services beside the browsers' own), PUSH_SUBSCRIPTIONS_PER_SELLER and PUSH_SUBSCRIBE_LIMIT (an hour).
   */
  push: { vapid: VapidKeys | undefined; extraHosts: string[]; perSeller: number; subscribesPerHour: number }
  /** ANALYSIS_CONCURRENCY: photo analyses running at once in this process (each seller gets at most half). */
  analysisConcurrency: number
  /** PHOTO_QUOTA_MB in bytes: how much photo storage each seller may use; unset, the default (1024 MB). */
  photoQuotaBytes: number | undefined
  /** <MARKETPLACE>_SALES_POLL_MINUTES: how often each seller's sales there are read (1-60, dividing 60); unset, 15. */
  salesPollMinutes: Partial<Record<Platform, number>>
  /**
   * JOB_EXPIRE_SECONDS: how long a background job may run before it is taken for dead with its process and retried
   * (and, if under 120, how often that is looked for); unset, each job's own (5 minutes, api/services/job-registry.ts).
   */
  jobExpireSeconds: number | undefined
  /** NODE_ENV=development: the mail outbox prints each email, reset links included, in the log. */
  development: boolean
  /** The setup code to issue while no administrator exists (unattended installs, the browser tests); unset, a random one. */
  setupCode: string | undefined
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`)
  return port
}

const isOn = (raw: string | undefined) => raw !== undefined && ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    https: isOn(env.HTTPS),
    trustProxy: isOn(env.TRUST_PROXY),
    trustProxyHops: parseCount('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 1),
    registrationsPerHour: parseCount('REGISTRATION_LIMIT', env.REGISTRATION_LIMIT, 10),
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    gemini: env.GEMINI_API_KEY
      ? { apiKey: env.GEMINI_API_KEY, model: env.GEMINI_MODEL || undefined, baseUrl: env.GEMINI_BASE_URL || undefined }
      : undefined,
    supabase: readSupabase(env),
    smtpUrl: readSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || `Snaplist <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`,
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, certificatesUrl: env.GOOGLE_CERTS_URL || undefined }
      : undefined,
    ...readMarketplacesEnv(env),
    appSecret: readAppSecret(env.APP_SECRET),
    push: {
      vapid: readVapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
      extraHosts: parsePushServiceHosts(env.PUSH_SERVICE_HOSTS),
      perSeller: parseCount(
        'PUSH_SUBSCRIPTIONS_PER_SELLER',
        env.PUSH_SUBSCRIPTIONS_PER_SELLER,
        PUSH_SUBSCRIPTIONS_PER_SELLER,
      ),
      subscribesPerHour: parseCount('PUSH_SUBSCRIBE_LIMIT', env.PUSH_SUBSCRIBE_LIMIT, PUSH_SUBSCRIBE_LIMIT.max),
    },
    setupCode: readSetupCode(env.SETUP_CODE),
    development: env.NODE_ENV === 'development',
    photoQuotaBytes: readPhotoQuota(env.PHOTO_QUOTA_MB),
    analysisConcurrency: parseCount('ANALYSIS_CONCURRENCY', env.ANALYSIS_CONCURRENCY, 4),
    ...readLimits(env),
    salesPollMinutes: readPollMinutes(env),
    jobExpireSeconds: env.JOB_EXPIRE_SECONDS ? parseCount('JOB_EXPIRE_SECONDS', env.JOB_EXPIRE_SECONDS, 0) : undefined,
  }
}

function readSmtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (!/^smtps?:\/\/[^/]/.test(raw))
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.')
  return raw
}

function readSupabase(env: NodeJS.ProcessEnv): Config['supabase'] {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_KEY: serviceKey, SUPABASE_BUCKET: bucket } = env
  if (!url && !serviceKey && !bucket) return undefined
  if (!url || !serviceKey || !bucket) {
    throw new Error(
      'Supabase Storage needs all three of SUPABASE_URL, SUPABASE_SERVICE_KEY and SUPABASE_BUCKET (or none of them for local disk).',
    )
  }
  return { url: url.replace(/\/+$/, ''), serviceKey, bucket }
}

/** The shortest APP_SECRET accepted: 32 characters of a random base64 string carry well over 128 bits. */
export const APP_SECRET_MIN_LENGTH = 32

function readAppSecret(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (raw.length < APP_SECRET_MIN_LENGTH)
    throw new Error(
      `APP_SECRET must be at least ${APP_SECRET_MIN_LENGTH} characters, e.g. the output of: openssl rand -base64 32`,
    )
  return raw
}

function readPhotoQuota(raw: string | undefined): number | undefined {
  if (!raw) return undefined
  const megabytes = Number(raw)
  if (!Number.isInteger(megabytes) || megabytes < 1)
    throw new Error(`PHOTO_QUOTA_MB must be a whole number of megabytes, at least 1, got "${raw}".`)
  return megabytes * 1024 * 1024
}

function readPollMinutes(env: NodeJS.ProcessEnv): Partial<Record<Platform, number>> {
  const set: Partial<Record<Platform, number>> = {}
  for (const platform of PLATFORMS) {
    const name = `${platform.toUpperCase()}_SALES_POLL_MINUTES`
    const raw = env[name]
    if (!raw) continue
    const minutes = Number(raw)
    if (!Number.isInteger(minutes) || minutes < 1 || 60 % minutes !== 0)
      throw new Error(`${name} must be a whole number of minutes that divides 60 (1, 2, 5, 15…), got "${raw}".`)
    set[platform] = minutes
  }
  return set
}

// As many letters and digits as a generated setup code has: 16 random ones carry 80 bits.
const SETUP_CODE_MIN_LENGTH = 16

function readSetupCode(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (raw.replace(/[^A-Za-z0-9]/g, '').length < SETUP_CODE_MIN_LENGTH) {
    throw new Error(
      `SETUP_CODE must have at least ${SETUP_CODE_MIN_LENGTH} letters and digits, e.g. the output of: openssl rand -hex 10`,
    )
  }
  return raw
}

/** Loads ./.env into process.env when it exists; variables already set in the environment win. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file)
}
