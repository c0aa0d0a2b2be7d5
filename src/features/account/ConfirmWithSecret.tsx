// Sign out everywhere and delete my account: a dialog that asks for the password (or, for an account without one,
// the username) before the server does it.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import {
  AccountConfirmationSchema,
  type AccountConfirmationFormValues,
  type AccountConfirmationInput,
} from '../../../api/contract/account.ts'
import type { User } from '../../../api/contract/user.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import type { useDeleteAccount } from './account-queries.ts'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'

export interface ConfirmWithSecretProps {
  user: User
  /** The button that opens the dialog, and the dialog's confirm button. */
  openLabel: string
  confirmLabel: string
  pendingLabel: string
  title: string
  variant: 'secondary' | 'danger'
  action: ReturnType<typeof useDeleteAccount>
  children: ReactNode
}

function SecretForm({
  user,
  confirmLabel,
  pendingLabel,
  action,
  onCancel,
}: Pick<ConfirmWithSecretProps, 'user' | 'confirmLabel' | 'pendingLabel' | 'action'> & { onCancel: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm<
    AccountConfirmationFormValues,
    unknown,
    AccountConfirmationInput
  >({
    resolver: valibotResolver(AccountConfirmationSchema),
    defaultValues: { confirmation: '' },
  })
  const field = user.hasPassword
    ? { label: 'Your password', type: 'password', autoComplete: 'current-password' }
    : { label: `Type your username (${user.username})`, type: 'text', autoComplete: 'off' }
  return (
    <form
      onSubmit={handleSubmit((input) => action.mutate(input, { onError: fieldErrorsOnto(setError, input) }))}
      noValidate
      className="flex flex-col gap-4"
    >
      <TextField
        {...field}
        autoCapitalize="none"
        error={formState.errors.confirmation?.message}
        {...register('confirmation')}
      />
      <FormFailure error={action.error} fallback="That did not work. Try again." />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={action.isPending}>
          {action.isPending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </form>
  )
}

export function ConfirmWithSecret({
  user,
  openLabel,
  title,
  variant,
  action,
  children,
  ...labels
}: ConfirmWithSecretProps) {
  const [open, setOpen] = useState(false)
  const close = () => {
    setOpen(false)
    action.reset()
  }
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} className="sm:self-start">
        {openLabel}
      </Button>
      <Dialog open={open} onClose={close} title={title}>
        <div className="mb-4 text-sm text-slate-600">{children}</div>
        <SecretForm user={user} action={action} onCancel={close} {...labels} />
      </Dialog>
    </>
  )
}
