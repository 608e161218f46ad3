/**
 * The company's look: re-styling starts and ends here, beside its facts (company.ts). The
 * site's colours, type and radius (generated into Tailwind's tokens at build time), its
 * favicon and `theme-color`, the lead desk's stylesheet and the share images all come from
 * this file; every other colour is derived from these few values (brand-palette.ts), in a
 * light and a dark theme, each pair checked for WCAG 2.2 AA contrast when the site is built.
 *
 * Under supabase/functions/ for the reason company.ts is: the Supabase CLI bundles only that
 * folder, and e-mails rendered there may use the brand too. Plain data, no imports.
 */
/** A mark drawn on a grid: stroked and filled paths, in the colour that reads on its tile. */
export interface BrandLogo {
  viewBox: string
  tileRadius: number
  /** Stroked paths, round-capped: a zero-length line is a dot. */
  strokes: readonly string[]
  strokeWidth: number
  fills: readonly string[]
}

/** What a brand is made of; `brand` below is this company's. */
export interface Brand {
  accent: string
  /**
   * The second colour: the motif's second word, the process's durations. Left out, derived
   * from the accent: its hue turned halfway round the wheel, with its shades for text made to
   * reach 4.5:1 in both themes (`secondTone` in brand-palette.ts). Set it to keep one of your own.
   */
  second?: string
  /**
   * The dark surface: the page in dark mode, the band of the reasons to choose the company and
   * the share images in both. Left out, derived from the accent: near-black with a breath of
   * its hue (`darkSurface` in brand-palette.ts). Set it only to keep a dark of your own.
   */
  dark?: string
  status: { success: string; warning: string; danger: string }
  radius: { control: string; card: string }
  type: {
    family: string
    file: string
    weights: { text: number; strong: number; display: number }
    displayTracking: string
  }
  /**
   * The logo's mark, if you draw one: left out, it is drawn from the logo's two words (their
   * initials in code, `nameMark` in brand-motif.ts), and so is the favicon.
   */
  logo?: BrandLogo
}

export const brand: Brand = {
  /**
   * The one colour of the brand, used sparingly: the main button, links, the logo's mark,
   * focus rings, the selected time. Any hue works: the shades that text needs are derived
   * until they reach 4.5:1, and the text on it is white or near-black, whichever reads.
   */
  accent: '#5b3cf0',
  // No `dark`: the dark surface follows the accent (near-black with its hue), so changing the
  // accent alone re-colours the dark theme, the band of reasons and the share images too.
  /**
   * Colours that say what happened (a sent message, a refusal, a wait), for the site's toasts
   * and the desk's badges. Their light and dark shades are derived like the accent's.
   */
  status: {
    success: '#16a34a',
    warning: '#d97706',
    danger: '#dc2626',
  },
  /** Corner radius of controls (buttons, fields) and of larger surfaces (cards, panels). */
  radius: { control: '0.625rem', card: '1.25rem' },
  type: {
    /** The family's name in CSS; also the share images'. */
    family: 'Geist',
    /**
     * The variable font (a `wght` axis) the build subsets and serves from the site itself: a
     * file of an `@fontsource-variable/*` package (`npm install` it), or any path to a WOFF2.
     */
    file: '@fontsource-variable/geist/files/geist-latin-wght-normal.woff2',
    /** The weights the pages use: body text, emphasis and headings. */
    weights: { text: 400, strong: 500, display: 600 },
    /** Tracking of the large headings (negative pulls the letters together). */
    displayTracking: '-0.035em',
  },
  // No `logo`: the mark is the initials of the company's logo words written in code
  // (brand-motif.ts), beside the name set in this typeface; a new name gets its own mark.
}
