// Google Identity Services (the script behind Google's Sign in with Google button), loaded on first use only: a server
// without GOOGLE_CLIENT_ID never makes the page contact Google. Typed here for the two calls the app makes.

const SCRIPT_URL = 'https://accounts.google.com/gsi/client'

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) the server verifies. */
  credential: string
}

export interface GoogleButtonOptions {
  type: 'standard' | 'icon'
  theme: 'outline' | 'filled_blue' | 'filled_black'
  size: 'large' | 'medium' | 'small'
  text: 'signin_with' | 'signup_with' | 'continue_with' | 'signin'
  shape: 'rectangular' | 'pill' | 'circle' | 'square'
  /** In pixels, from 200 to 400. */
  width: number
}

export interface GoogleAccountsId {
  initialize(config: { client_id: string; callback: (response: GoogleCredentialResponse) => void }): void
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } }
  }
}

let loading: Promise<GoogleAccountsId> | undefined

export function loadGoogleIdentityServices(): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => {
      const id = window.google?.accounts?.id
      if (id) resolve(id)
      else reject(new Error('Google Identity Services loaded without google.accounts.id.'))
    }
    script.onerror = () => {
      // Offline or blocked: the next screen that needs the script tries again.
      script.remove()
      loading = undefined
      reject(new Error('Google Identity Services could not be loaded.'))
    }
    document.head.append(script)
  })
  return loading
}
