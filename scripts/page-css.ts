/**
 * Each page's own CSS: Tailwind compiled for the class names that page can ever show, found in
 * its prerendered HTML and in every script it may load (its page script, the islands and
 * chunks that script imports, at once or on use), so no page carries the rules of another and
 * nothing a script adds later lacks its rule. The same compiler, the same globals.css and the
 * same minifier as the site's stylesheet; only the list of class names differs.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { compile, optimize } from '@tailwindcss/node'
import { Scanner } from '@tailwindcss/oxide'

const GLOBALS_CSS = path.join('src', 'styles', 'globals.css')

export type PageCss = (html: string, scripts: readonly string[]) => Promise<string>

/**
 * `siteCss` is the site's whole stylesheet as Vite built it: its font URLs (hashed files in
 * assets/) replace the source's relative ones, which only Vite's pipeline resolves.
 */
export async function pageCssCompiler(root: string, siteCss: string): Promise<PageCss> {
  const file = path.join(root, GLOBALS_CSS)
  const source = await readFile(file, 'utf8')
  const builtFonts = [...siteCss.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1])
  return async (html, scripts) => {
    // The compiler remembers every class it was given: a fresh one per page.
    const compiler = await compile(source, { base: path.dirname(file), onDependency: () => {} })
    const candidates = new Scanner({}).scanFiles([
      { content: html, extension: 'html' },
      ...scripts.map((content) => ({ content, extension: 'js' })),
    ])
    const css = optimize(compiler.build(candidates), { minify: true }).code
    return css.replace(/url\(["']?\.\/([^)"']+\.woff2)["']?\)/g, (_whole, name: string) => {
      const stem = name.replace(/\.woff2$/, '')
      const built = builtFonts.find((url) => url?.startsWith(`/assets/${stem}-`))
      if (!built) throw new Error(`The built stylesheet has no font file for ${name}.`)
      return `url(${built})`
    })
  }
}
