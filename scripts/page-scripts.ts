import path from 'node:path'
import { pageRoutes } from '../src/routes.ts'

/**
 * The client builds: one per page script (src/routes.ts), named after its file, the first with
 * index.html for the stylesheet. Nothing else is an entry; React and the islands are chunks
 * those scripts import on demand.
 *
 * One build per script, not one build with every script as an entry: a bundler splits a module
 * two entries import into a chunk of its own, so the booking page's use of the phone menu or
 * the backend settings would have made the landing page's first script two files. Built apart,
 * each page script carries its own copy of what it shares, and what one page adds never
 * reaches another page's first download (docs/decisions/028-booking-page.md).
 */
export function clientBuilds(root: string): Record<string, string>[] {
  const scripts = [...new Set(pageRoutes.map((route) => route.script))]
  return scripts.map((script, index) => ({
    ...(index === 0 ? { index: path.join(root, 'index.html') } : {}),
    [path.basename(script, '.ts')]: path.join(root, script),
  }))
}

/** Where the build puts the SSR bundle that only the prerender uses (never deployed). */
export const SSR_BUILD_DIR = path.join('node_modules', '.cache', 'prerender')

/** Where the client builds' manifests go, merged: beside the SSR bundle, not in the public dist/. */
export const CLIENT_MANIFEST = path.join(SSR_BUILD_DIR, 'client-manifest.json')
