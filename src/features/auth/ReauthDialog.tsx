// The password asked for again when the server wants a recent proof (src/lib/reauth.ts, docs/decisions/0026). An account that
// signs in with Google has no password to type: it is told to sign in with Google again.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useMutation } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { useForm } from 'react-hook-form'
import { ReauthSchema, type ReauthFormValues, type ReauthInput } from '../../../api/contract/account.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { api, okJson } from '../../lib/api.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'
import { reauthRequest } from '../../lib/reauth.ts'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'

function PasswordForm({ onCancel }: { onCancel: () => void }) {
  const reauth = useMutation({
    mutationFn: (json: ReauthInput) => okJson(api.auth.reauth.$post({ json })),
    onSuccess: () => reauthRequest.settle('proved'),
  })
  const { register, handleSubmit, formState, setError } = useForm<ReauthFormValues, unknown, ReauthInput>({
    resolver: valibotResolver(ReauthSchema),
    defaultValues: { password: '' },
  })
  return (
    <form
      onSubmit={handleSubmit((input) => reauth.mutate(input, { onError: fieldErrorsOnto(setError, input) }))}
      noValidate
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-700">It has been a while since you signed in. Type your password to go on.</p>
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <FormFailure error={reauth.error} fallback="That did not work. Try again." />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={reauth.isPending}>
          {reauth.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </div>
    </form>
  )
}

function SignInWithGoogleAgain({ onCancel }: { onCancel: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        It has been a while since you signed in. Your account signs in with Google: log out, tap Sign in with Google,
        then try again.
      </p>
      <Button variant="secondary" onClick={onCancel}>
        Close
      </Button>
    </div>
  )
}

export function ReauthDialog() {
  const open = useSyncExternalStore(reauthRequest.subscribe, reauthRequest.open, () => false)
  const { hasPassword } = useCurrentUser()
  const cancel = () => reauthRequest.settle('cancelled')
  return (
    <Dialog open={open} onClose={cancel} title="Confirm it's you">
      {hasPassword ? <PasswordForm onCancel={cancel} /> : <SignInWithGoogleAgain onCancel={cancel} />}
    </Dialog>
  )
}
