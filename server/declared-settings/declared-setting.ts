/**
 * The shape of a declared setting. Every setting an operator may give the Node server is
 * declared once, in this folder, with its default, the values it accepts and its words; the
 * parsers read their defaults and bounds from here where they can, and `npm run settings:docs`
 * writes `.env.example` and `docs/settings.md` from it (declared-settings.test.ts holds all
 * three together).
 */
export interface DeclaredSetting {
  /** What it does, one line of the manual's table (Markdown, links relative to docs/). */
  summary: string
  /**
   * Its comment in `.env.example`, line by line without the `# `; empty when the comment of
   * the setting above it speaks for both.
   */
  comment: readonly string[]
  /** The default the server uses while it is unset; absent when unset means "none". */
  fallback?: number | boolean | string
  /** The default in words, where `fallback` cannot say it (Markdown). */
  defaultWords?: string
  /** The whole numbers it accepts, both ends included. */
  range?: readonly [number, number]
  /** What it accepts, in words, where `range` cannot say it (Markdown). */
  accepts?: string
  /** The value `.env.example` writes after `NAME=` (none when absent). */
  example?: string
}

/** Settings that belong together: one table in the manual, one block in `.env.example`. */
export interface SettingGroup {
  /** The manual's heading for them. */
  title: string
  /** The manual's paragraphs before their table, line by line (Markdown, links relative to docs/). */
  intro: readonly string[]
  /** The comment that opens their block in `.env.example`, line by line without the `# `. */
  envIntro: readonly string[]
  settings: Readonly<Record<string, DeclaredSetting>>
  /** The manual's paragraphs after their table, line by line. */
  notes?: readonly string[]
}
