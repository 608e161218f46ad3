import { inflateSync } from 'node:zlib'

/** A PNG's size, from its header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.toString('latin1', 1, 4) !== 'PNG') throw new Error('Not a PNG file')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/**
 * The pixels of an 8-bit RGB or RGBA PNG without interlacing (what resvg writes), as #rrggbb,
 * counted: enough to ask whether an image shows a colour, without an image library.
 */
export function pngColours(png: Buffer): Map<string, number> {
  const { width, height } = pngSize(png)
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29)
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0
  if (bitDepth !== 8 || channels === 0 || interlace !== 0)
    throw new Error('Only 8-bit RGB(A) PNGs without interlacing are read here')
  const data: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT')
      data.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0
      const paeth = () => {
        const p = left + up - upLeft
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
        return a <= b && a <= c ? left : b <= c ? up : upLeft
      }
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter ?? 0] ?? 0
      pixels[y * stride + x] = (value + predictor) & 0xff
    }
  }
  const colours = new Map<string, number>()
  for (let at = 0; at < pixels.length; at += channels) {
    const hex = `#${pixels.subarray(at, at + 3).toString('hex')}`
    colours.set(hex, (colours.get(hex) ?? 0) + 1)
  }
  return colours
}
