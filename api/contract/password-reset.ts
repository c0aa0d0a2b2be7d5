// The bodies of the password reset calls (docs/product.md §5) and the answer to a forgot-password request, shared by the API
// and the Forgot password and Reset password forms.
import * as v from 'valibot'
import { passwordSchema } from './user.ts'

export const FORGOT_PASSWORD_REPLY =
  "If your email address is registered with us, you'll receive a password reset link shortly."
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address'
export const MISSING_TOKEN_MESSAGE = 'Reset token is missing. Please check your email link.'
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match'
export const RESET_LINK_HOURS = 1

// docs/product.md §7 names the field username; it holds the account's email address.
export const ForgotPasswordSchema = v.object({
  username: v.pipe(
    v.optional(v.string(INVALID_EMAIL_MESSAGE), ''),
    v.trim(),
    v.email(INVALID_EMAIL_MESSAGE),
    v.maxLength(254, INVALID_EMAIL_MESSAGE),
  ),
})
export type ForgotPasswordInput = v.InferOutput<typeof ForgotPasswordSchema>
export type ForgotPasswordFormValues = v.InferInput<typeof ForgotPasswordSchema>

const resetTokenSchema = v.pipe(
  v.optional(v.string(MISSING_TOKEN_MESSAGE), ''),
  v.trim(),
  v.nonEmpty(MISSING_TOKEN_MESSAGE),
  // Ours are 43 characters; the cap only keeps junk out of the hashing and the log.
  v.maxLength(200, 'Invalid or expired reset token'),
)

export const ResetTokenParamSchema = v.object({ token: resetTokenSchema })

export const ResetPasswordSchema = v.object({ token: resetTokenSchema, password: passwordSchema })
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordSchema>

export const ResetPasswordFormSchema = v.pipe(
  v.object({ password: passwordSchema, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      PASSWORDS_DIFFER_MESSAGE,
    ),
    ['confirmPassword'],
  ),
)
export type ResetPasswordFormValues = v.InferInput<typeof ResetPasswordFormSchema>
export type ResetPasswordFormOutput = v.InferOutput<typeof ResetPasswordFormSchema>
