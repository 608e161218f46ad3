import { existsSync, readFileSync } from 'node:fs'
import type { PublishedExample } from './example-projects.ts'
import { BUILD_INFO } from './paths.ts'

/**
 * What scripts/build.ts records about a build: the backend its pages talk to, and the demo's
 * example projects it published.
 */
export interface BuildInfo {
  backend?: { url?: string; anonKey?: string }
  exampleProjects?: PublishedExample[]
}

export const readBuildInfo = (file = BUILD_INFO): BuildInfo | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildInfo) : undefined

/**
 * Why this server must not serve this build, or undefined. A site built for the embedded
 * server (its pages talk to their own origin) carries the key it sends in every page; a server
 * that accepts another answers every form, booking and page view with 401, so it refuses to
 * start instead and says both keys (public by nature: they ship in the pages) and the two ways
 * out. A build for another backend (hosted Supabase) sends nothing here.
 */
export const buildKeyProblem = (
  info: BuildInfo | undefined,
  accepted: { key: string; fromEnvironment: boolean },
): string | undefined => {
  const carried = info?.backend?.anonKey
  if (info?.backend?.url !== '/' || carried === undefined || carried === accepted.key) {
    return undefined
  }
  const source = accepted.fromEnvironment
    ? 'SUPABASE_ANON_KEY'
    : 'the development key: SUPABASE_ANON_KEY is not set'
  return [
    `Cannot start: the site in dist/ was built to send the key "${carried}", and this server accepts "${accepted.key}" (${source}).`,
    'Every form, booking and page view would be refused with 401. Either:',
    `- start the server with the key the site carries: SUPABASE_ANON_KEY=${carried}`,
    `- or rebuild the site with this server's key: ${accepted.fromEnvironment ? `SUPABASE_ANON_KEY=${accepted.key} ` : ''}npm run build`,
    '(`npm start` rebuilds by itself when the keys differ.)',
  ].join('\n')
}
