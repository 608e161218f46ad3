/**
 * The build's seam in company.ts (scripts/company/vite-resolved-company.ts): the merge it
 * replaces is there, and what replaces it is the company as Node resolves it, nothing else.
 * That the built scripts then carry nothing of another company is
 * tests/integration/rebrand.test.ts's to show.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { company } from '#shared/company/company.ts'
import { COMPANY_MERGE, COMPANY_MODULE, withResolvedCompany } from './vite-resolved-company.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

it("replaces company.ts's merge with the company it yields, and keeps the rest", () => {
  const source = readFileSync(path.join(root, COMPANY_MODULE), 'utf8')
  const built = withResolvedCompany(source)
  expect(built).not.toContain(COMPANY_MERGE)
  expect(built.replace(`export const company: Company = ${JSON.stringify(company)}`, '')).toBe(
    source.replace(COMPANY_MERGE, ''),
  )
})

it('writes the company as plain data, its facts at their resolved values', () => {
  const built = withResolvedCompany(COMPANY_MERGE, company)
  const value: unknown = JSON.parse(built.slice(built.indexOf('=') + 1))
  expect(value).toEqual(company)
})

it('stops the build when company.ts no longer holds the merge once', () => {
  expect(() => withResolvedCompany('export const company = {}')).toThrow(/found 0/)
  expect(() => withResolvedCompany(`${COMPANY_MERGE}\n${COMPANY_MERGE}`)).toThrow(/found 2/)
})
