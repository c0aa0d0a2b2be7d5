import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { compileChunksWhileLoading } from './scripts/vite-compile-hints.ts'
import { precompressAssets } from './scripts/vite-precompress.ts'
import { NOT_PRECACHED, prerenderPublicPages } from './scripts/vite-prerender.ts'

const THEME_COLOR = '#4338ca'
// The chunks of the admin screens (src/features/admin/: admin.tsx, email-templates.tsx and their queries).
const ADMIN_ONLY = ['assets/admin-*.js', 'assets/email-template*.js']
// What works only with the server, and says so offline: the books' CSV import (src/features/account/BooksImport.tsx)
// what a sale earned (src/features/listings/SaleEarnings.tsx) the Insights with their chart library (src/features/insights) and the labels (src/features/labels), Offers & markdowns (src/features/pricing),
// and a marketplace's import (src/marketplaces/MarketplaceImport.tsx, each wing's EbayImport.tsx, ShopifyImport.tsx); and the screens whose work is a request: a
// marketplace's callback and manual code entry (reached back from the marketplace), confirming an email and resetting
// a password (a link in an email), which offline say what the router's error screen says.
const ONLINE_ONLY = [
  'assets/callback-*.js',
  'assets/manual-auth-*.js',
  'assets/verify-email-*.js',
  'assets/forgot-password-*.js',
  'assets/reset-password-*.js',
  'forgot-password.html',
  'reset-password.html',
  // Posting or changing many listings at once is the server's work: their buttons are disabled offline
  // (BulkSelectionBar), and a confirmed bulk post reopens once online (BulkPostDialogs).
  'assets/BulkActionDialog-*.js',
  'assets/bulk-post-dialog-*.js',
  'assets/bulk-post-rows-*.js',
  'assets/bulk-post-parts-*.js',
  'assets/*-bulk-part-*.js',
  // A marketplace's Post dialog: a Post tap offline says it needs a connection (ListingsPanel.tsx).
  'assets/PostTo*Dialog-*.js',
  'assets/BooksImport-*.js',
  'assets/EbayImport-*.js',
  'assets/ShopifyImport-*.js',
  'assets/MarketplaceImport-*.js',
  'assets/SaleEarnings-*.js',
  'assets/insights-*.js',
  'assets/bar-chart-*.js',
  'assets/labels-*.js',
  'assets/tax-year-*.js',
  // Offers & markdowns (src/features/pricing) and a listing's floor (src/components/ListingFloor.tsx): the server's.
  'assets/pricing-*.js',
  'assets/ListingFloor-*.js',
  'assets/StaleNotice-*.js',
]
// The pages to read (policies, the Etsy integration's notice): the phone keeps their code, not their prerendered HTML
// as well (30 KB of the same words), so offline they open from index.html and the browser draws them.
const READ_ONLINE_FIRST = ['privacy-policy.html', 'terms-of-service.html', 'integrate-with-etsy.html']
const APP_SHARED =
  /([\\/]src[\\/](main|app|router|route-searches|lib[\\/](api|notify|toasts|first-screen|query-client|form-errors|prerendered|uuid|service-worker|next-task|page-settings)|offline[\\/]api-error|features[\\/](?!bulk-post|admin|insights|labels|tax-year|pricing)[^\\/]+[\\/](?!push-|sales-|bulk-action-|books-import-|lifecycle-)[^\\/]+-queries|features[\\/]auth[\\/](last-user|session-hint|auth|AuthForm|SetupCodeField|GoogleSignIn|google-identity-services)|features[\\/]marketplaces[\\/]marketplace-return|components[\\/](Logo|Footer|SignedOutPage|CardPage|PublicPage|NotFound|RouteError|Toaster)|components[\\/]ui[\\/](Button|Spinner|TextField|Field))\.tsx?$|[\\/]api[\\/]contract[\\/](?![\w-]+[\\/]|marketplaces|marketplace-(descriptions?|exchange|listing-)|provenance|email-template|listing[.-](?!status\.)|bulk-actions|bulk-post\.|exports|books-import|insights|sale-cursor|labels|day-range|spread-cents|sale-earnings|gtin|guesses|analysis|listing-suggestion|admin|id-list|measurements|catalog|ebay-|etsy-|events|push|sales|category-search|options|expenses|trips|mileage|tax-year|price-rules|offers\.)|node_modules[\\/](valibot|workbox-window)[\\/])/

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compileChunksWhileLoading(),
    prerenderPublicPages(),
    VitePWA({
      // After the public pages are prerendered, so the service worker precaches them (scripts/vite-prerender.ts).
      integration: { closeBundleOrder: 'post' },
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself through workbox-window (src/lib/service-worker.ts).
      injectRegister: false,
      // The icons are in the precache through globPatterns already; listed twice, they were counted twice.
      includeManifestIcons: false,
      injectManifest: {
        // A classic (non-module) worker: it registers the same way in every browser that can install the app.
        rollupFormat: 'iife',
        // Not the web manifest: the plugin adds it itself.
        // wasm: the barcode decoder, so scanning works with no signal (docs/decisions/0046).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}'],
        // The server's own renderer and page template, and the pages as it sends them (scripts/vite-prerender.ts); and
        // the admin screens, used from a desktop browser with a connection: a seller's phone need not keep them.
        globIgnores: [...NOT_PRECACHED, ...ADMIN_ONLY, ...ONLINE_ONLY, ...READ_ONLINE_FIRST],
      },
      manifest: {
        id: '/',
        name: 'Snaplist: list items from a photo',
        short_name: 'Snaplist',
        description:
          'Photograph an item, let AI fill in the listing, and publish it to eBay in one tap. Works offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f8fafc',
        theme_color: THEME_COLOR,
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { title: 'title', text: 'text', files: [{ name: 'photos', accept: ['image/*'] }] },
        },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompressAssets(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    // The pages' starter adds the modulepreload hints itself (scripts/vite-prerender.ts), so the entry's chunk need not
    // carry Vite's polyfill for them: without it the entry is only its imports, and the app runs from its 'app' chunk,
    // a file fewer to ask for on every page.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What every screen runs on, as two files (React, TanStack's router and query cache) rather than the dozen shards
        // the automatic split makes of it: gzip compresses a few large files better (speed budget,
        // tests/e2e/budgets.spec.ts), and the starter runs each chunk in a task of its own, so two halves are two short
        // tasks on a phone where one file was the start's longest (docs/decisions/0021).
        codeSplitting: {
          groups: [
            // With the bundler's small runtime (the CommonJS interop React needs): a file of its own would be a request more.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]|^\0rolldown[\\/]runtime/,
              priority: 3,
            },
            // The router and the query cache, which import React.
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            // The forms' library and its valibot resolver travel together: every form needs both.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 1 },
            // The app's own small shared parts (queries, the API client, the contract, the frames and form fields of the
            // public screens) as one file, not a dozen sub-kilobyte ones: a phone pays for each request (issue 19 counts
            // them). Not the parts only a dialog or one screen uses (posting to a marketplace, ending or relisting on one,
            // notifications, sales):
            // those load with it, so /auth does not download them. Only modules with no library of their own, so nothing heavy rides along. With them the app's start
            // (src/main.tsx, the router) and the sign-in screen (3 KB): /auth is the starter and four files
            // (docs/decisions/0024).
            { name: 'app', test: APP_SHARED, priority: 2 },
            // The listing's schema and its fields' schemas, one file: every screen that checks a listing needs both.
            { name: 'listing', test: /[\\/]api[\\/]contract[\\/]listing(-field-schemas)?\.ts$/, priority: 2 },
            // The barcode decoder's JavaScript, named so the precache budget can tell it from the app's
            // (docs/decisions/0046); it loads when the seller first scans.
            { name: 'barcode-decoder', test: /node_modules[\\/](barcode-detector|zxing-wasm)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
})
