import { Link } from '@tanstack/react-router'

export const SUPPORT_EMAIL = 'support@snaplist.app'

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to="/integrate-with-etsy" className="hover:text-slate-900 hover:underline">
            Integrations
          </Link>
          <Link to="/privacy-policy" className="hover:text-slate-900 hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className="hover:text-slate-900 hover:underline">
            Terms of Service
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-slate-900 hover:underline">
            Contact Support
          </a>
        </nav>
        <p>© 2025 Snaplist. All rights reserved.</p>
      </div>
    </footer>
  )
}
