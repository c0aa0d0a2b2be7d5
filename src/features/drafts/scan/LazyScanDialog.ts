// The Scan barcode sheet, loaded when first opened: its decoder is a chunk of its own (vite.config.ts's
// 'barcode-decoder'), fetched and precached apart from the app's code (docs/decisions/0046).
import { lazy } from 'react'

export const ScanDialog = lazy(async () => ({ default: (await import('./ScanDialog.tsx')).ScanDialog }))
