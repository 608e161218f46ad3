import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'

/** V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints); must open the file. */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the chunks that load on the visitor's first use of an island (React, the form, its
 * runtime) so that V8 compiles all their functions while it parses the file off the main
 * thread, instead of one by one on the main thread as React first calls them: that work
 * landed right where the visitor's first keystrokes do. Chunks a page loads up front are left
 * alone. Written after Vite has finished each file, since it prepends code of its own.
 */
export function compileHintsForIslands(): Plugin {
  let outDir = 'dist'
  return {
    name: 'site:compile-hints-for-islands',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      const upFront = new Set<string>()
      const loadUpFront = (fileName: string) => {
        if (upFront.has(fileName)) return
        upFront.add(fileName)
        for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? [])
          loadUpFront(imported)
      }
      for (const chunk of chunks) if (chunk.isEntry) loadUpFront(chunk.fileName)
      for (const chunk of chunks) {
        if (upFront.has(chunk.fileName)) continue
        const file = path.join(outDir, chunk.fileName)
        await writeFile(file, ALL_FUNCTIONS_CALLED_ON_LOAD + (await readFile(file, 'utf8')))
      }
    },
  }
}
