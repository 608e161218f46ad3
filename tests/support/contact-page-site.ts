import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import {
  CONTACT_TEMPLATE_SLOTS,
  contactRefusalTexts,
  renderContactTemplate,
  renderHeadTags,
} from '../../src/entry-server.tsx'
import { loadContactPageTemplate, type ContactPageTemplate } from '../../server/contact-page.ts'
import { loadStaticSite, type StaticSite } from '../../server/static-site.ts'
import type { Database } from '../../server/db/database.ts'
import { createFakeSite } from './fake-site.ts'
import { createTestDatabase } from './test-database.ts'

/** The policy the contact page carries, as the build writes one into it. */
export const CONTACT_PAGE_POLICY = "default-src 'self'; form-action 'self'"
/** What GET /contato shows in this site. */
export const CONTACT_PAGE_TEXT = 'Página de contato'

/**
 * A fake build with a contact page, and the template a refused form is shown again in, made
 * from the real components as the build makes it: what POST /contato needs.
 */
export const createContactPageSite = async (): Promise<{
  site: StaticSite
  template: ContactPageTemplate
  remove: () => Promise<void>
}> => {
  const fake = await createFakeSite()
  await mkdir(path.join(fake.dir, 'contato'))
  await writeFile(path.join(fake.dir, 'contato', 'index.html'), `<h1>${CONTACT_PAGE_TEXT}</h1>`)
  const templateFile = path.join(fake.dir, 'contact-page.json')
  await writeFile(
    templateFile,
    JSON.stringify({
      html: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CONTACT_PAGE_POLICY}">${renderHeadTags('contact', 'https://www.aurora.test', { refused: true })}</head><body>${renderContactTemplate()}</body></html>`,
      slots: CONTACT_TEMPLATE_SLOTS,
      texts: contactRefusalTexts,
    }),
  )
  const site = await loadStaticSite(fake.dir)
  const template = (await loadContactPageTemplate(templateFile)) as ContactPageTemplate
  return { site, template, remove: fake.remove }
}

/**
 * For a test file of the contact form's routes: a fresh test database and the site above, made
 * before its tests and removed after them. The parts are there once `beforeAll` has run.
 */
export const useContactPageSite = () => {
  const parts = {} as { db: Database; site: StaticSite; template: ContactPageTemplate }
  let remove = async () => {}
  beforeAll(async () => {
    parts.db = await createTestDatabase()
    ;({ site: parts.site, template: parts.template, remove } = await createContactPageSite())
  })
  afterAll(async () => {
    await parts.db.close()
    await remove()
  })
  return parts
}
