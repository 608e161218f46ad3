import path from 'node:path'
import { pageRoutes } from '../src/routes.ts'

/**
 * The client build's entries: each page's script (src/routes.ts), named after its file, plus
 * index.html for the stylesheet. Nothing else is an entry; React and the islands are chunks
 * those scripts import on demand.
 */
export function clientBuildInputs(root: string): Record<string, string> {
  return {
    index: path.join(root, 'index.html'),
    ...Object.fromEntries(
      pageRoutes.map((route) => [
        path.basename(route.script, '.ts'),
        path.join(root, route.script),
      ]),
    ),
  }
}

/** Where the build puts the SSR bundle that only the prerender uses (never deployed). */
export const SSR_BUILD_DIR = path.join('node_modules', '.cache', 'prerender')

/** Where the client build's manifest goes: beside the SSR bundle, not in the public dist/. */
export const CLIENT_MANIFEST = path.join(SSR_BUILD_DIR, 'client-manifest.json')
