// Names the main colour of a photo with one of the colour option set's values.
import type { Color } from '../../contract/options.ts'

export interface Rgb {
  r: number
  g: number
  b: number
}

function toHsl({ r, g, b }: Rgb) {
  const [red, green, blue] = [r / 255, g / 255, b / 255]
  const max = Math.max(red, green, blue)
  const min = Math.min(red, green, blue)
  const lightness = (max + min) / 2
  const delta = max - min
  if (delta === 0) return { hue: 0, saturation: 0, lightness }
  const saturation = delta / (1 - Math.abs(2 * lightness - 1))
  const hue =
    max === red
      ? 60 * (((green - blue) / delta + 6) % 6)
      : max === green
        ? 60 * ((blue - red) / delta + 2)
        : 60 * ((red - green) / delta + 4)
  return { hue, saturation, lightness }
}

export function nearestColor(rgb: Rgb): Color {
  const { hue, saturation, lightness } = toHsl(rgb)
  if (lightness < 0.15) return 'black'
  if (lightness > 0.88) return 'white'
  if (saturation < 0.18) return lightness < 0.3 ? 'black' : lightness > 0.8 ? 'white' : 'gray'
  // Dark or muted oranges and yellows are what people call brown (leather, wood, cardboard).
  if (hue >= 15 && hue < 50 && (lightness < 0.45 || saturation < 0.45)) return 'brown'
  if (hue < 15 || hue >= 330) return 'red'
  if (hue < 40) return 'red'
  if (hue < 70) return 'yellow'
  if (hue < 165) return 'green'
  if (hue < 255) return 'blue'
  return 'purple'
}
