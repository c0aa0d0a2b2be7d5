// Sign in with Google above the Login and Register tabs, only when the server has a Google client id. Google's own
// script draws its button into the labelled region; the credential it hands back goes to the server like a login.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { loadGoogleIdentityServices } from './google-identity-services.ts'
import { authConfigQuery, useGoogleSignIn } from './sign-in-queries.ts'

// Google draws its button from 200 to 400 px wide; it should fill the card like the Login button does.
const buttonWidth = (container: HTMLElement) => Math.min(400, Math.max(200, Math.floor(container.clientWidth)))

export function GoogleSignIn() {
  const { data: config } = useQuery(authConfigQuery)
  if (!config?.googleClientId) return null
  return <GoogleButton clientId={config.googleClientId} />
}

function GoogleButton({ clientId }: { clientId: string }) {
  const container = useRef<HTMLDivElement>(null)
  const { mutate: signIn, isPending } = useGoogleSignIn()
  const [unavailable, setUnavailable] = useState(false)

  useEffect(() => {
    let unmounted = false
    loadGoogleIdentityServices().then(
      (google) => {
        if (unmounted || !container.current) return
        google.initialize({ client_id: clientId, callback: ({ credential }) => signIn({ credential }) })
        google.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          width: buttonWidth(container.current),
        })
      },
      () => {
        if (!unmounted) setUnavailable(true)
      },
    )
    return () => {
      unmounted = true
    }
  }, [clientId, signIn])

  return (
    <>
      <section aria-label="Sign in with Google" aria-busy={isPending} className="flex flex-col items-center gap-2">
        <div ref={container} className={unavailable ? 'hidden' : 'flex min-h-11 w-full justify-center'} />
        {unavailable && (
          <p role="alert" className="text-center text-sm text-slate-700">
            Sign in with Google could not load. Check your connection and reload, or log in with your username and
            password below.
          </p>
        )}
        {isPending && (
          <p role="status" className="text-sm text-slate-700">
            Signing in with Google...
          </p>
        )}
      </section>
      <p className="my-5 flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        or
      </p>
    </>
  )
}
