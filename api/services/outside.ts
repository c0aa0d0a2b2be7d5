// Picks each outside service's implementation from the config: the real provider when it is configured, the
// embedded default otherwise (local disk for photos, the pixel-measuring analyser without a Gemini key, the
// database outbox without SMTP).
import path from 'node:path'
import type { Sql } from '../db/client.ts'
import type { Config } from '../env.ts'
import { createGeminiAnalyzer, DEFAULT_GEMINI_MODEL } from './listings/analyzer/gemini.ts'
import type { ImageAnalyzer } from './listings/analyzer/image-analyzer.ts'
import { createLocalAnalyzer } from './listings/analyzer/local.ts'
import { createGoogleIdentity, type GoogleIdentity } from './accounts/google-identity.ts'
import { createOutboxTransport, createSmtpTransport, type MailTransport } from './mail/mail.ts'
import { createLocalStorage } from './listings/local-storage.ts'
import type { FileStorage } from './listings/storage.ts'
import { createSupabaseStorage } from './listings/supabase-storage.ts'

export function storageFromConfig(config: Pick<Config, 'dataDir' | 'supabase'>): FileStorage {
  return config.supabase
    ? createSupabaseStorage(config.supabase)
    : createLocalStorage(path.join(config.dataDir, 'photos'))
}

export function analyzerFromConfig(config: Pick<Config, 'gemini'>): ImageAnalyzer {
  if (!config.gemini) return createLocalAnalyzer()
  const { apiKey, model, baseUrl } = config.gemini
  return createGeminiAnalyzer({ apiKey, model: model ?? DEFAULT_GEMINI_MODEL, ...(baseUrl ? { baseUrl } : {}) })
}

/** Sign in with Google only when GOOGLE_CLIENT_ID is set. */
export function googleIdentityFromConfig(config: Pick<Config, 'google'>): GoogleIdentity | undefined {
  return config.google ? createGoogleIdentity(config.google) : undefined
}

export function mailTransportFromConfig(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'development'>,
  sql: Sql,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxTransport(sql, { printContent: config.development })
}
