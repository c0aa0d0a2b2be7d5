// The email templates admins manage, and rendering the app's mail from them. A template the app needs that is
// inactive or missing falls back to a plain built-in one, so a reset link or a welcome always goes out.
import {
  APP_TEMPLATES,
  escapeHtml,
  fillPlaceholders,
  type AppTemplateName,
  type EmailTemplate,
  type EmailTemplateInput,
  type PlaceholderValues,
  type TemplatePurpose,
} from '../../contract/email-template.ts'
import type { Sql } from '../../db/client.ts'
import * as purposes from '../../db/email-template-purposes.ts'
import * as templates from '../../db/email-templates.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts'

export interface RenderedMail {
  subject: string
  html: string
  text: string | null
}

type TemplateContent = Pick<EmailTemplate, 'subject' | 'htmlContent' | 'textContent'>

const BUILT_IN: Record<AppTemplateName, TemplateContent> = {
  'password-reset': {
    subject: 'Reset your {{appName}} password',
    htmlContent:
      '<p>Hi {{username}},</p><p>Open this link to choose a new {{appName}} password. It works once, for 1 hour:</p>' +
      '<p><a href="{{resetUrl}}">{{resetUrl}}</a></p><p>If you did not ask for this, ignore this email.</p>',
    textContent:
      'Hi {{username}},\n\nOpen this link to choose a new {{appName}} password. It works once, for 1 hour:\n\n{{resetUrl}}\n\n' +
      'If you did not ask for this, ignore this email.',
  },
  welcome: {
    subject: 'Welcome to {{appName}}',
    htmlContent:
      '<p>Welcome, {{username}}!</p><p>Your {{appName}} account is ready: <a href="{{appUrl}}">{{appUrl}}</a></p>',
    textContent: 'Welcome, {{username}}!\n\nYour {{appName}} account is ready: {{appUrl}}',
  },
  'email-verification': {
    subject: 'Confirm your email address for {{appName}}',
    htmlContent:
      '<p>Hi {{username}},</p><p>Open this link, signed in to your {{appName}} account, to confirm this address. It works once, for 24 hours:</p>' +
      '<p><a href="{{verifyUrl}}">{{verifyUrl}}</a></p><p>If you did not create this account, do not open the link.</p>',
    textContent:
      'Hi {{username}},\n\nOpen this link, signed in to your {{appName}} account, to confirm this address. It works once, for 24 hours:\n\n{{verifyUrl}}\n\n' +
      'If you did not create this account, do not open the link.',
  },
  'account-changed': {
    subject: 'Your {{appName}} account was changed',
    htmlContent:
      '<p>Hi {{username}},</p><p>{{change}}</p><p>If it was you, there is nothing to do. If it was not, choose a new password now: ' +
      '<a href="{{forgotUrl}}">{{forgotUrl}}</a></p>',
    textContent:
      'Hi {{username}},\n\n{{change}}\n\nIf it was you, there is nothing to do. If it was not, choose a new password now: {{forgotUrl}}',
  },
  'sold-twice': {
    subject: 'Sold twice: {{listingTitle}}',
    htmlContent:
      '<p>Hi {{username}},</p><p>“{{listingTitle}}” sold more pieces than it had: {{orders}}.</p>' +
      '<p>Cancel the extra order on its marketplace, or settle it with the buyer, then mark it sorted out on your ' +
      '<a href="{{appUrl}}">{{appName}} Dashboard</a>.</p>',
    textContent:
      'Hi {{username}},\n\n“{{listingTitle}}” sold more pieces than it had: {{orders}}.\n\n' +
      'Cancel the extra order on its marketplace, or settle it with the buyer, then mark it sorted out on your {{appName}} Dashboard: {{appUrl}}',
  },
}

// The placeholder without which a template's mail is useless.
const ESSENTIAL_PLACEHOLDER: Partial<Record<AppTemplateName, string>> = {
  'password-reset': 'resetUrl',
  'email-verification': 'verifyUrl',
}

const duplicateName = (name: string) => {
  const message = `A template named "${name}" already exists. Choose another name.`
  return conflict(message, { name: message })
}
const templateGone = () => notFound('That email template no longer exists. Refresh the page to see the current list.')

const containsPlaceholder = (text: string, name: string) => new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(text)

/** The purposes a template serves: the one it is named after, and those an admin chose it for. */
const servedBy = (name: string, chosenFor: string[]) => [name.toLowerCase(), ...chosenFor]

function missingEssential(
  purpose: string,
  content: Pick<EmailTemplateInput, 'htmlContent' | 'textContent'>,
): string | undefined {
  const essential = ESSENTIAL_PLACEHOLDER[purpose as AppTemplateName]
  if (!essential) return undefined
  const missing =
    !containsPlaceholder(content.htmlContent, essential) ||
    (content.textContent !== null && !containsPlaceholder(content.textContent, essential))
  return missing ? essential : undefined
}

/** An active template the app sends must keep its essential placeholder, or e.g. a reset email would carry no link. */
function assertSendable(input: EmailTemplateInput, chosenFor: string[]): void {
  if (!input.isActive) return
  for (const purpose of servedBy(input.name, chosenFor)) {
    const essential = missingEssential(purpose, input)
    if (essential) {
      throw badRequest(
        `The active ${purpose} template must contain {{${essential}}} in its HTML content, and in its text content if it has one. Add it, or save the template as inactive.`,
      )
    }
  }
}

// Header values must stay on one line whatever a username contains.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ')

function renderTemplate(content: TemplateContent, values: Record<string, string>): RenderedMail {
  return {
    subject: fillPlaceholders(content.subject, values, oneLine),
    html: fillPlaceholders(content.htmlContent, values, escapeHtml),
    text: content.textContent === null ? null : fillPlaceholders(content.textContent, values),
  }
}

export interface EmailTemplateService {
  list(): Promise<EmailTemplate[]>
  create(input: EmailTemplateInput): Promise<EmailTemplate>
  update(id: number, input: EmailTemplateInput): Promise<EmailTemplate>
  remove(id: number): Promise<void>
  /**
   * The mail for one of the app's emails: the active template chosen for it or named after it, else the built-in
   * default.
   */
  render<Name extends AppTemplateName>(name: Name, values: PlaceholderValues<Name>): Promise<RenderedMail>
  /** Each of the app's emails with the template chosen for it and the one it sends now. */
  purposes(): Promise<TemplatePurpose[]>
  /** Sends this template for the purpose from now on; null goes back to the template named after it. */
  choose(purpose: AppTemplateName, templateId: number | null): Promise<void>
}

export function createEmailTemplateService(sql: Sql): EmailTemplateService {
  async function save<T>(input: EmailTemplateInput, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
    assertSendable(input, exceptId === undefined ? [] : await purposes.purposesOfTemplate(sql, exceptId))
    if (await templates.isNameTaken(sql, input.name, exceptId)) throw duplicateName(input.name)
    try {
      return await write()
    } catch (error) {
      // Two saves racing for one name: the unique index decides.
      if (isUniqueViolation(error)) throw duplicateName(input.name)
      throw error
    }
  }

  return {
    list: () => templates.listTemplates(sql),

    create: (input: EmailTemplateInput) => save(input, undefined, () => templates.insertTemplate(sql, input)),

    async update(id: number, input: EmailTemplateInput): Promise<EmailTemplate> {
      const updated = await save(input, id, () => templates.updateTemplate(sql, id, input))
      if (!updated) throw templateGone()
      return updated
    },

    async remove(id: number): Promise<void> {
      if (!(await templates.deleteTemplate(sql, id))) throw templateGone()
    },

    async render<Name extends AppTemplateName>(name: Name, values: PlaceholderValues<Name>): Promise<RenderedMail> {
      const stored = await templates.findActiveTemplateFor(sql, name)
      return renderTemplate(stored ?? BUILT_IN[name], values)
    },

    async purposes(): Promise<TemplatePurpose[]> {
      const choices = await purposes.listChoices(sql)
      return Promise.all(
        (Object.keys(APP_TEMPLATES) as AppTemplateName[]).map(async (purpose) => ({
          purpose,
          chosenTemplateId: choices.find((choice) => choice.purpose === purpose)?.templateId ?? null,
          sentTemplateId: (await templates.findActiveTemplateFor(sql, purpose))?.id ?? null,
        })),
      )
    },

    async choose(purpose: AppTemplateName, templateId: number | null): Promise<void> {
      if (templateId === null) return purposes.clearChoice(sql, purpose)
      const template = await templates.findTemplate(sql, templateId)
      if (!template) throw templateGone()
      const essential = missingEssential(purpose, template)
      if (essential)
        throw badRequest(
          `The ${template.name} template cannot be the ${purpose} email: it must contain {{${essential}}} in its HTML content, and in its text content if it has one.`,
        )
      await purposes.setChoice(sql, purpose, templateId)
    },
  }
}
