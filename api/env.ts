// Reads the process environment once into a typed config; everything else takes a Config, never process.env.
import { existsSync } from 'node:fs'
import path from 'node:path'

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string | undefined
  https: boolean
  trustProxy: boolean
  distDir: string
  gemini: { apiKey: string; model: string | undefined; baseUrl: string | undefined } | undefined
  supabase: { url: string; serviceKey: string; bucket: string } | undefined
  /** SMTP server for outgoing mail; unset, mail goes to the mail_outbox table and the log. */
  smtpUrl: string | undefined
  /** The From of outgoing mail. */
  mailFrom: string
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`)
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
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    gemini: env.GEMINI_API_KEY
      ? { apiKey: env.GEMINI_API_KEY, model: env.GEMINI_MODEL || undefined, baseUrl: env.GEMINI_BASE_URL || undefined }
      : undefined,
    supabase: readSupabase(env),
    smtpUrl: readSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || `Snaplist <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`,
  }
}

function readSmtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  if (!/^smtps?:\/\/[^/]/.test(raw)) throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.')
  return raw
}

function readSupabase(env: NodeJS.ProcessEnv): Config['supabase'] {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_KEY: serviceKey, SUPABASE_BUCKET: bucket } = env
  if (!url && !serviceKey && !bucket) return undefined
  if (!url || !serviceKey || !bucket) {
    throw new Error('Supabase Storage needs all three of SUPABASE_URL, SUPABASE_SERVICE_KEY and SUPABASE_BUCKET (or none of them for local disk).')
  }
  return { url: url.replace(/\/+$/, ''), serviceKey, bucket }
}

/** Loads ./.env into process.env when it exists; variables already set in the environment win. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file)
}
