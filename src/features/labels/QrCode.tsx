// A QR code drawn as one SVG path from the matrix uqr (MIT) encodes: sharp at any print size, and no markup from a
// library put into the page.
import { encode } from 'uqr'

/** The dark modules as path commands, a 1×1 square each. */
function pathOf(data: boolean[][]): string {
  return data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('')
}

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  // Medium error correction: a label scuffed in a bin still reads. A quiet zone of 2 modules around it.
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className={className}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={pathOf(data)} fill="#000" />
    </svg>
  )
}
