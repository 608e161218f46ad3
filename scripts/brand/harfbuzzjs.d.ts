// The part of harfbuzzjs (HarfBuzz in WebAssembly) the brand font's measurement uses.
declare module 'harfbuzzjs' {
  interface HbObject {
    destroy(): void
  }
  interface HbFace extends HbObject {
    upem: number
  }
  interface HbFont extends HbObject {
    setVariations(variations: Record<string, number>): void
    hExtents(): { ascender: number; descender: number; lineGap: number }
  }
  interface HbBuffer extends HbObject {
    addText(text: string): void
    guessSegmentProperties(): void
    json(): { g: number; ax: number }[]
  }
  interface HarfBuzz {
    createBlob(data: Uint8Array): HbObject
    createFace(blob: HbObject, index: number): HbFace
    createFont(face: HbFace): HbFont
    createBuffer(): HbBuffer
    shape(font: HbFont, buffer: HbBuffer, features?: string): void
  }
  const ready: Promise<HarfBuzz>
  export default ready
}

declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt'
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
  }
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetOptions,
  ): Promise<Buffer>
}
