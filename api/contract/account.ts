// The account screen's calls (/api/account/...) and email verification, shared by the API and the forms.
import * as v from 'valibot'
import { emailSchema, passwordSchema } from './user.ts'

export const VERIFY_LINK_HOURS = 24
export const PASSWORDS_DIFFER_MESSAGE = "Passwords don't match"
export const MISSING_VERIFY_TOKEN_MESSAGE = 'The confirmation link is incomplete. Open the link in the email again.'

/** A password typed to prove it is the owner at the keyboard: any length the sign-in form takes. */
const currentPasswordSchema = (label: string) =>
  v.pipe(
    v.optional(v.string(`${label} is required`), ''),
    v.nonEmpty(`${label} is required`),
    v.maxLength(200, `${label} must be at most 200 characters`),
  )

export const ChangePasswordSchema = v.object({
  currentPassword: currentPasswordSchema('Current password'),
  newPassword: passwordSchema,
})
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>

export const ChangePasswordFormSchema = v.pipe(
  v.object({ ...ChangePasswordSchema.entries, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      PASSWORDS_DIFFER_MESSAGE,
    ),
    ['confirmPassword'],
  ),
)
export type ChangePasswordFormValues = v.InferInput<typeof ChangePasswordFormSchema>
export type ChangePasswordFormOutput = v.InferOutput<typeof ChangePasswordFormSchema>

export const ChangeEmailSchema = v.object({ email: emailSchema, password: currentPasswordSchema('Password') })
export type ChangeEmailInput = v.InferOutput<typeof ChangeEmailSchema>
export type ChangeEmailFormValues = v.InferInput<typeof ChangeEmailSchema>

/**
 * Sign out everywhere and delete my account: the seller types their password, or, for an account that has none
 * (made with Google), their username.
 */
export const AccountConfirmationSchema = v.object({ confirmation: currentPasswordSchema('Confirmation') })
export type AccountConfirmationInput = v.InferOutput<typeof AccountConfirmationSchema>
export type AccountConfirmationFormValues = v.InferInput<typeof AccountConfirmationSchema>

/** Proving the password again, for what needs a recent proof (docs/decisions/0026). */
export const ReauthSchema = v.object({ password: currentPasswordSchema('Password') })
export type ReauthInput = v.InferOutput<typeof ReauthSchema>
export type ReauthFormValues = v.InferInput<typeof ReauthSchema>

/** Resending names the address the banner showed, so a link never goes to an address the seller did not see. */
export const ResendVerificationSchema = v.object({ email: emailSchema })
export type ResendVerificationInput = v.InferOutput<typeof ResendVerificationSchema>

export const VerifyEmailSchema = v.object({
  token: v.pipe(
    v.optional(v.string(MISSING_VERIFY_TOKEN_MESSAGE), ''),
    v.trim(),
    v.nonEmpty(MISSING_VERIFY_TOKEN_MESSAGE),
    // Ours are 43 characters; the cap only keeps junk out of the hashing.
    v.maxLength(200, 'This confirmation link is not valid. Send a new link from the Dashboard.'),
  ),
})
export type VerifyEmailInput = v.InferOutput<typeof VerifyEmailSchema>
