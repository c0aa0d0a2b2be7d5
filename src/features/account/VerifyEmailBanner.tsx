// The Dashboard's reminder while the account's address is not confirmed, with Resend (limited on the server).
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { errorMessage } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { useResendVerification } from './account-queries.ts'

/** Sends the link again to the address shown, and says so in a toast. */
export function ResendLink({ email }: { email: string }) {
  const resend = useResendVerification()
  const send = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => notify('Link sent', `We sent a new confirmation link to ${email}.`, 'success'),
        onError: (error) => notify('Could not send the link', errorMessage(error), 'error'),
      },
    )
  return (
    <button
      type="button"
      onClick={send}
      disabled={resend.isPending}
      className="min-h-6 font-semibold text-indigo-800 underline disabled:text-slate-500"
    >
      {resend.isPending ? 'Sending...' : 'Resend'}
    </button>
  )
}

export function VerifyEmailBanner() {
  const user = useCurrentUser()
  if (user.emailVerified) return null
  // An email change in flight sent its link to the new address: that is the one to confirm.
  const address = user.pendingEmail ?? user.email
  return (
    <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      Confirm your email address: we sent a link to <strong className="wrap-anywhere">{address}</strong>.{' '}
      <ResendLink email={address} />
    </p>
  )
}
