// Renders the app icons in public/icons/ from logo.svg (run by hand after the logo changes; the PNGs are committed).
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'

const logo = await readFile('public/icons/logo.svg')
const BACKGROUND = '#4338ca'
// A palette of at most 256 colours holds the flat logo without a visible change, at about half the bytes (the manifest's
// first icon is one of /auth's requests).
const PNG = { palette: true, compressionLevel: 9, effort: 10 } as const

for (const size of [192, 512]) {
  await sharp(logo, { density: 600 }).resize(size, size).png(PNG).toFile(`public/icons/icon-${size}.png`)
}
// Maskable icons are cropped to a circle by some launchers: keep the artwork inside the central 80 % safe zone.
const inner = Math.round(512 * 0.7)
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: await sharp(logo, { density: 600 }).resize(inner, inner).png().toBuffer(), gravity: 'center' }])
  .png(PNG)
  .toFile('public/icons/icon-maskable-512.png')
console.log('icons written to public/icons/')
