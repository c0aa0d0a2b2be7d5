// Reset password (/reset-password?token=…): verify the emailed token, then New Password and Confirm Password; on
// success, sign-in after 3 s. A missing, invalid or expired token says so and leads back to /forgot-password
// (docs/product.md §2, §4, §5, §8).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import {
  MISSING_TOKEN_MESSAGE,
  ResetPasswordFormSchema,
  type ResetPasswordFormOutput,
  type ResetPasswordFormValues,
} from '../../../api/contract/password-reset.ts'
import { CardPage, CardPageWaiting, FormAlert } from '../../components/CardPage.tsx'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { ApiError, failureMessage } from '../../lib/api.ts'
import { resetTokenQuery, useResetPassword } from './password-reset-queries.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

const route = getRouteApi('/reset-password')
const REDIRECT_AFTER_MS = 3000

function BadLink({ message }: { message: string }) {
  return (
    <CardPage title="Invalid Reset Link">
      <FormAlert>{message}</FormAlert>
      <Link to="/forgot-password" className={buttonClass('primary')}>
        Request a new reset link
      </Link>
    </CardPage>
  )
}

function Done() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate({ to: '/auth' }), REDIRECT_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [navigate])
  return (
    <CardPage title="Password Reset Successful">
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
        Your password has been reset. Taking you to sign in with your new password…
      </p>
      <Link to="/auth" className={buttonClass('secondary')}>
        Sign in now
      </Link>
    </CardPage>
  )
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword()
  const { register, handleSubmit, formState, setError } = useForm<
    ResetPasswordFormValues,
    unknown,
    ResetPasswordFormOutput
  >({
    resolver: valibotResolver(ResetPasswordFormSchema),
    criteriaMode: 'all',
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = formState
  if (reset.isSuccess) return <Done />

  return (
    <CardPage title="Choose a new password">
      <form
        method="post"
        onSubmit={handleSubmit(({ password }) =>
          reset.mutate({ token, password }, { onError: fieldErrorsOnto(setError, { password }) }),
        )}
        noValidate
        className="flex flex-col gap-4"
      >
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {reset.isError && (
          <FormAlert>
            {failureMessage(
              reset.error,
              'An error occurred. Please try again.',
              'Failed to reset password. Please try again later.',
            )}
          </FormAlert>
        )}
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
        </Button>
      </form>
    </CardPage>
  )
}

function VerifiedReset({ token }: { token: string }) {
  const check = useQuery(resetTokenQuery(token))
  if (check.isPending) {
    return <CardPageWaiting title="Verifying Reset Token" />
  }
  if (check.isError && !(check.error instanceof ApiError)) {
    return (
      <CardPage title="Verifying Reset Token">
        <FormAlert>Failed to verify reset token. Please try again.</FormAlert>
        <Button onClick={() => void check.refetch()}>Try again</Button>
      </CardPage>
    )
  }
  if (check.isError) return <BadLink message={failureMessage(check.error, 'Invalid or expired reset token')} />
  return <NewPasswordForm token={token} />
}

export function ResetPasswordScreen() {
  const { token } = route.useSearch()
  return token ? <VerifiedReset token={token} /> : <BadLink message={MISSING_TOKEN_MESSAGE} />
}
