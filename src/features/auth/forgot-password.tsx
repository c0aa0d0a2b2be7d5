// Forgot password (/forgot-password): the account's email address, 'Send Reset Instructions', and the same answer
// whether or not the address is registered (docs/product.md §2, §5, §8).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import {
  FORGOT_PASSWORD_REPLY,
  ForgotPasswordSchema,
  type ForgotPasswordFormValues,
  type ForgotPasswordInput,
} from '../../../api/contract/password-reset.ts'
import { CardPage, FormAlert } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { failureMessage } from '../../lib/api.ts'
import { useForgotPassword } from './password-reset-queries.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

const linkClass = 'text-center text-sm font-medium text-indigo-700 hover:underline'

export function ForgotPasswordScreen() {
  const forgot = useForgotPassword()
  const { register, handleSubmit, formState, setError } = useForm<
    ForgotPasswordFormValues,
    unknown,
    ForgotPasswordInput
  >({
    resolver: valibotResolver(ForgotPasswordSchema),
    defaultValues: { username: '' },
  })

  if (forgot.isSuccess) {
    return (
      <CardPage title="Check your email">
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
          {FORGOT_PASSWORD_REPLY}
        </p>
        <p>The link works once, for 1 hour. Nothing there? Check your spam folder, or ask again in a few minutes.</p>
        <Link to="/auth" className={linkClass}>
          Back to login
        </Link>
      </CardPage>
    )
  }

  return (
    <CardPage title="Forgot your password?">
      <p>Enter the email address of your Snaplist account and we will email you a link to choose a new password.</p>
      <form
        method="post"
        onSubmit={handleSubmit((values) => forgot.mutate(values, { onError: fieldErrorsOnto(setError, values) }))}
        noValidate
        className="flex flex-col gap-4"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          error={formState.errors.username?.message}
          {...register('username')}
        />
        {forgot.isError && (
          <FormAlert>
            {failureMessage(
              forgot.error,
              'An error occurred. Please try again.',
              'Failed to send password reset request. Please try again later.',
            )}
          </FormAlert>
        )}
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Instructions'}
        </Button>
      </form>
      <Link to="/auth" className={linkClass}>
        Back to login
      </Link>
    </CardPage>
  )
}
