import { existsSync } from 'node:fs'
import path from 'node:path'

const isProjectRoot = (dir: string) =>
  existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'supabase', 'migrations'))

/**
 * The project's folder: the nearest one above this file with package.json and the migrations.
 * The same code runs from server/ (tsx, tests) and bundled into dist-server/ (`npm start`), so
 * dist/ and the migrations cannot be found by counting `..` from the file that needs them.
 */
const findRoot = (from: string): string => {
  let dir = from
  while (!isProjectRoot(dir)) {
    const parent = path.dirname(dir)
    if (parent === dir)
      throw new Error(`No project folder (with supabase/migrations) above ${from}.`)
    dir = parent
  }
  return dir
}

export const ROOT_DIR = findRoot(import.meta.dirname)
export const DIST_DIR = path.join(ROOT_DIR, 'dist')
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'supabase', 'migrations')

/**
 * The contact page as the server shows it again after a refusal, written by the build beside
 * the server (never in dist/, which is served as it is): see scripts/prerender.ts.
 */
export const CONTACT_TEMPLATE_FILE = path.join('dist-server', 'contact-page.json')
export const CONTACT_TEMPLATE = path.join(ROOT_DIR, CONTACT_TEMPLATE_FILE)

/** The built site's compressed forms, made by the build for the server (server/static-site.ts). */
export const SITE_COMPRESSED_DIR = path.join(ROOT_DIR, 'dist-server', 'site-compressed')

/** What the build was made with (the backend the pages talk to, and its key): scripts/build.ts. */
export const BUILD_INFO = path.join(ROOT_DIR, 'dist-server', 'build.json')
