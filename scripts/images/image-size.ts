/**
 * A PNG's or a JPG's width and height, read from its header: enough to check that a project's
 * image is the size its content says, without an image library.
 */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 24 || data.toString('latin1', 1, 4) !== 'PNG') return undefined
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
}

/** The frame header (SOF0–SOF15, but DHT, JPG and DAC) of a JPEG holds its size. */
export function jpegSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined
  let at = 2
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined
    const marker = data[at + 1] ?? 0
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    const length = data.readUInt16BE(at + 2)
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
    if (frame) return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) }
    at += 2 + length
  }
  return undefined
}
