import { marketplacesInWords } from '../../../api/contract/listing-status.ts'
import { PLATFORMS } from '../../../api/contract/marketplace-paths.ts'
import { SignedOutPage } from '../../components/SignedOutPage.tsx'
import { AuthForm } from './AuthForm.tsx'
import { GoogleSignIn } from './GoogleSignIn.tsx'

const MARKETPLACES = marketplacesInWords(PLATFORMS)

const SELLING_POINTS = [
  ['Snap it', 'Photograph the item on your phone, right there in the aisle.'],
  ['AI fills it in', 'Title, description, prices, category, brand, size, colour and keywords, ready for you to check.'],
  ['Post everywhere', `Publish to ${MARKETPLACES} in one tap once your accounts are connected.`],
  ['No signal? No problem', 'Drafts and photos stay on your phone and sync when you are back online.'],
] as const

export function AuthScreen() {
  return (
    <SignedOutPage mainClassName="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 py-6 lg:grid-cols-2 lg:items-center lg:py-12">
      {/* The card comes first in the page as on a phone's screen: the browser paints the page as its HTML arrives, and a
          pitch laid out above a card not yet read would be pushed down when it came (a layout shift of 0.13). */}
      <section
        className="w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:order-2"
        aria-label="Sign in or register"
      >
        <GoogleSignIn />
        <AuthForm />
      </section>
      <section className="lg:order-1" aria-labelledby="pitch">
        <h1 id="pitch" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          List what you find in the time it takes to take a photo.
        </h1>
        <p className="mt-3 text-lg text-slate-600">
          Snaplist turns a phone photo into a ready-to-post listing for {MARKETPLACES}.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {SELLING_POINTS.map(([title, text]) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-semibold text-slate-900">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </SignedOutPage>
  )
}
