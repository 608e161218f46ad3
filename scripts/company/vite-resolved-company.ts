import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { company, COMPANY_FACTS_FILE } from '#shared/company/company.ts'

/** The module whose `company` the site reads, beside the facts file it merges. */
export const COMPANY_MODULE = path.join(path.dirname(COMPANY_FACTS_FILE), 'company.ts')

/** The merge in company.ts: the company's facts over the defaults, at run time. */
export const COMPANY_MERGE = 'export const company: Company = companyOf(companyFacts)'

/**
 * company.ts's source with its merge replaced by what it yields: `company` as the plain object
 * the company's facts make, defaults only where they say nothing. Throws when the merge is not
 * there once, so a change to company.ts cannot quietly bring both objects back.
 */
export function withResolvedCompany(source: string, resolved: object = company): string {
  const found = source.split(COMPANY_MERGE).length - 1
  if (found !== 1) {
    throw new Error(
      `${COMPANY_MODULE} must hold "${COMPANY_MERGE}" once (found ${found}): the build replaces it with the company it yields (scripts/company/vite-resolved-company.ts).`,
    )
  }
  return source.replace(
    COMPANY_MERGE,
    () => `export const company: Company = ${JSON.stringify(resolved)}`,
  )
}

/**
 * The built site (its scripts and the prerender's bundle) gets the company as the facts
 * resolve it, computed here in Node, instead of company-facts.ts and company-defaults.ts
 * merged in the browser: the bundler would ship both objects whole, the defaults' demo values
 * (the example razão social, CNPJ and encarregado) in a fork that set its own. company.ts's
 * other exports stay as they are; unused by the pages, they and the two objects they read are
 * left out of the bundle. `npm run dev`, the tests, the Node server and the Edge Functions keep
 * the merge (decision 074).
 */
export function resolvedCompany(): Plugin {
  let file = ''
  return {
    name: 'site:resolved-company',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      file = path.resolve(config.root, COMPANY_MODULE)
    },
    async load(id) {
      if (path.resolve(id.split('?')[0] ?? id) !== file) return null
      return withResolvedCompany(await readFile(file, 'utf8'))
    },
  }
}
