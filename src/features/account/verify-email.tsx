// Confirm email address (/verify-email?token=…), opened from the emailed link. The page POSTs the token once; the
// server confirms the address only for the account signed in here, so a signed-out visitor is asked to sign in.
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { MISSING_VERIFY_TOKEN_MESSAGE } from '../../../api/contract/account.ts'
import { CardPage, CardPageWaiting, FormAlert } from '../../components/CardPage.tsx'
import { buttonClass } from '../../components/ui/Button.tsx'
import { failureMessage } from '../../lib/api.ts'
import { useVerifyEmail } from './account-queries.ts'
import { currentUserQuery } from '../../queries/session-queries.ts'

const route = getRouteApi('/verify-email')

function Confirming({ token }: { token: string }) {
  const verify = useVerifyEmail()
  const sent = useRef(false)
  useEffect(() => {
    // Once per opened link, even when React runs effects twice in development.
    if (sent.current) return
    sent.current = true
    verify.mutate({ token })
  }, [token, verify])
  if (verify.isSuccess) {
    return (
      <CardPage title="Email address confirmed">
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
          {verify.data.email} is confirmed for your account {verify.data.username}.
        </p>
        <Link to="/" className={buttonClass('primary')}>
          Go to the Dashboard
        </Link>
      </CardPage>
    )
  }
  if (verify.isError) {
    return (
      <CardPage title="Email address not confirmed">
        <FormAlert>{failureMessage(verify.error, 'The address could not be confirmed. Try the link again.')}</FormAlert>
        <Link to="/" className={buttonClass('secondary')}>
          Go to the Dashboard
        </Link>
      </CardPage>
    )
  }
  return <CardPageWaiting title="Confirming your email address" />
}

function SignInFirst() {
  return (
    <CardPage title="Sign in to confirm your email address">
      <p>
        The link confirms the address for the account it was sent for, so sign in to that account on this device, then
        open the link in the email again.
      </p>
      <Link to="/auth" className={buttonClass('primary')}>
        Sign in
      </Link>
    </CardPage>
  )
}

export function VerifyEmailScreen() {
  const { token } = route.useSearch()
  const session = useQuery(currentUserQuery)
  if (!token) {
    return (
      <CardPage title="Email address not confirmed">
        <FormAlert>{MISSING_VERIFY_TOKEN_MESSAGE}</FormAlert>
      </CardPage>
    )
  }
  if (session.isPending) return <CardPage title="Confirming your email address">{null}</CardPage>
  return session.data ? <Confirming token={token} /> : <SignInFirst />
}
