import { build } from 'esbuild'

/**
 * Compiles a TypeScript entry and the project code it imports into one plain-JavaScript file
 * for Node; packages stay in node_modules. Plain JavaScript, so `npm start` needs no loader.
 */
export const bundleForNode = (entry, outfile, root = process.cwd()) =>
  build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  })
