import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium.ts'
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const page = await browser.newPage()
const cdp = await page.context().newCDPSession(page)
await cdp.send('Network.enable')
const rows = new Map<string, { url: string; type: string; bytes: number }>()
cdp.on('Network.responseReceived', (e: any) => rows.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }))
cdp.on('Network.loadingFinished', (e: any) => { const r = rows.get(e.requestId); if (r) r.bytes = e.encodedDataLength })
await page.goto('http://localhost:3999/auth', { waitUntil: 'networkidle' })
await page.getByLabel('Username').focus()
await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500)
let js = 0, all = 0
for (const r of rows.values()) { all += r.bytes; if (r.type === 'Script') js += r.bytes; console.log(r.type.padEnd(10), String(r.bytes).padStart(7), r.url.replace('http://localhost:3999', '')) }
console.log('script KiB', (js / 1024).toFixed(1), 'all KiB', (all / 1024).toFixed(1), 'requests', rows.size)
await browser.close()
