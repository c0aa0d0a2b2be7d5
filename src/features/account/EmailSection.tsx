// The email address: whether it is confirmed, a change waiting for its link, and the form that starts a change (the
// new address replaces the current one only once its link is opened).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import { ChangeEmailSchema, type ChangeEmailFormValues, type ChangeEmailInput } from '../../../api/contract/account.ts'
import type { User } from '../../../api/contract/user.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { ResendLink } from './VerifyEmailBanner.tsx'
import { useChangeEmail } from './account-queries.ts'
import { Section } from './Section.tsx'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

function Status({ user }: { user: User }) {
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="font-medium wrap-anywhere text-slate-900">{user.email}</span>
      {user.emailVerified ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Confirmed</span>
      ) : (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">Not confirmed</span>
      )}
    </p>
  )
}

function ChangeEmailForm({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangeEmail()
  const { register, handleSubmit, formState, reset, setError } = useForm<
    ChangeEmailFormValues,
    unknown,
    ChangeEmailInput
  >({
    resolver: valibotResolver(ChangeEmailSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = formState
  if (!hasPassword) return <p>To change your email address, first set a password (see Password below).</p>
  return (
    <form
      onSubmit={handleSubmit((input) =>
        change.mutate(input, {
          onSuccess: () => reset({ email: '', password: '' }),
          onError: fieldErrorsOnto(setError, input),
        }),
      )}
      noValidate
      className="flex flex-col gap-4"
    >
      <p>We send a link to the new address. It replaces the current one once you open that link, signed in.</p>
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormFailure error={change.error} fallback="Your email address could not be changed. Try again." />
      <Button type="submit" disabled={change.isPending} className="sm:self-start">
        {change.isPending ? 'Sending link...' : 'Change email'}
      </Button>
    </form>
  )
}

export function EmailSection({ user }: { user: User }) {
  return (
    <Section title="Email address">
      <Status user={user} />
      {user.pendingEmail && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-950">
          Waiting for confirmation of <strong className="wrap-anywhere">{user.pendingEmail}</strong>: open the link we
          sent there. Your address stays {user.email} until then. <ResendLink email={user.pendingEmail} />
        </p>
      )}
      <ChangeEmailForm hasPassword={user.hasPassword} />
    </Section>
  )
}
