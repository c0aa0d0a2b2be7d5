// Change password: the current one, the new one twice. The server keeps this session and ends the others.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import {
  ChangePasswordFormSchema,
  type ChangePasswordFormOutput,
  type ChangePasswordFormValues,
} from '../../../api/contract/account.ts'
import type { User } from '../../../api/contract/user.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { notify } from '../../lib/notify.tsx'
import { useChangePassword } from './account-queries.ts'
import { Section } from './Section.tsx'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

function ChangePasswordForm() {
  const change = useChangePassword()
  const { register, handleSubmit, formState, reset, setError } = useForm<
    ChangePasswordFormValues,
    unknown,
    ChangePasswordFormOutput
  >({
    resolver: valibotResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY,
  })
  const { errors } = formState
  const submit = ({ currentPassword, newPassword }: ChangePasswordFormOutput) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          reset(EMPTY)
          notify('Password changed', message, 'success')
        },
        onError: fieldErrorsOnto(setError, { currentPassword, newPassword }),
      },
    )
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <FormFailure error={change.error} fallback="Your password could not be changed. Try again." />
      <Button type="submit" disabled={change.isPending} className="sm:self-start">
        {change.isPending ? 'Changing password...' : 'Change password'}
      </Button>
    </form>
  )
}

export function PasswordSection({ user }: { user: User }) {
  return (
    <Section title="Password">
      {user.hasPassword ? (
        <>
          <p>Changing your password signs out every other device. You stay signed in here.</p>
          <ChangePasswordForm />
        </>
      ) : (
        <p>
          Your account signs in with Google and has no password yet.{' '}
          <Link to="/forgot-password" className="font-medium text-indigo-700 hover:underline">
            Set a password with an emailed link
          </Link>
          .
        </p>
      )}
    </Section>
  )
}
