// An EmailTemplate (docs/product.md §3), the body that creates or replaces one, and how {{placeholders}} are filled. The API
// renders mail with fillPlaceholders and the Preview dialog shows a template the same way.
import * as v from 'valibot'
import { rowIdSchema } from './row-id.ts'

/** The value of {{appName}}. */
export const APP_NAME = 'Snaplist'
export const TEMPLATE_REQUIRED_MESSAGE = 'Name, subject, and HTML content are required'
export const TEMPLATE_EXCERPT_LENGTH = 200

/** The templates the app sends, by name, and the placeholders each one fills. */
export const APP_TEMPLATES = {
  'password-reset': ['username', 'resetUrl', 'appName'],
  welcome: ['username', 'appName', 'appUrl'],
  'email-verification': ['username', 'verifyUrl', 'appName'],
  'account-changed': ['username', 'appName', 'change', 'forgotUrl'],
  'sold-twice': ['username', 'appName', 'listingTitle', 'orders', 'appUrl'],
} as const satisfies Record<string, readonly string[]>
export type AppTemplateName = keyof typeof APP_TEMPLATES
export type PlaceholderValues<Name extends AppTemplateName> = Record<(typeof APP_TEMPLATES)[Name][number], string>

/** When the app sends each of its emails, as the Email Templates screen says it. */
export const APP_TEMPLATE_SENT_WHEN: Record<AppTemplateName, string> = {
  'password-reset': 'when someone asks for a password reset link (Forgot password)',
  welcome: 'when someone creates an account',
  'email-verification': 'after registration, and when a seller changes their email address (the link that confirms it)',
  'account-changed': 'when a password is changed or reset, or an email address changed (to the address that had it)',
  'sold-twice': 'when two marketplaces sold the last piece of a listing before either learned of the other',
}

const APP_TEMPLATE_NAMES = Object.keys(APP_TEMPLATES) as AppTemplateName[]

/** One of the app's emails ("purpose"), and the template an admin chose for it. */
export const PurposeParamSchema = v.object({
  purpose: v.picklist(APP_TEMPLATE_NAMES, `There is no such email: use one of ${APP_TEMPLATE_NAMES.join(', ')}.`),
})

export const PurposeChoiceSchema = v.object({
  // null: no choice, the template named after the email (or the built-in one) is sent.
  templateId: v.nullable(rowIdSchema('templateId must be a template id or null')),
})
export type PurposeChoice = v.InferOutput<typeof PurposeChoiceSchema>

/** GET /api/email-templates/purposes: per app email, the chosen template and the one it sends now (null: the built-in one). */
export interface TemplatePurpose {
  purpose: AppTemplateName
  chosenTemplateId: number | null
  sentTemplateId: number | null
}

const required = (max: number, tooLong: string) =>
  v.pipe(
    // A missing field reads as blank, so it gets the same message.
    v.optional(v.string(TEMPLATE_REQUIRED_MESSAGE), ''),
    v.trim(),
    v.nonEmpty(TEMPLATE_REQUIRED_MESSAGE),
    v.maxLength(max, tooLong),
  )

export const EmailTemplateInputSchema = v.object({
  name: required(100, 'Template Name must be at most 100 characters'),
  subject: required(200, 'Email Subject must be at most 200 characters'),
  // The JSON body limit is 64 KB; these caps keep a full template within it.
  htmlContent: required(40_000, 'HTML Content must be at most 40,000 characters'),
  textContent: v.pipe(
    v.optional(v.nullable(v.string('Text Content must be text')), ''),
    v.transform((text) => text?.trim() || null),
    v.nullable(v.pipe(v.string(), v.maxLength(20_000, 'Text Content must be at most 20,000 characters'))),
  ),
  isActive: v.optional(v.boolean('isActive must be true or false'), true),
})
export type EmailTemplateInput = v.InferOutput<typeof EmailTemplateInputSchema>
export type EmailTemplateFormValues = v.InferInput<typeof EmailTemplateInputSchema>

export interface EmailTemplate {
  id: number
  name: string
  subject: string
  htmlContent: string
  textContent: string | null
  isActive: boolean
  createdAt: string
  updatedAt: string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)

/**
 * Replaces {{name}} (spaces inside the braces allowed) with its value, passed through encode: escapeHtml for HTML,
 * nothing for text. Placeholders without a value stay as written, so a typo shows in the Preview.
 */
export function fillPlaceholders(
  template: string,
  values: Record<string, string>,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(/\{\{\s*([A-Za-z][\w]*)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]!) : whole,
  )
}
