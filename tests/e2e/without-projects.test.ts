/**
 * A company that has published no project yet: a copy of the project built with an empty list
 * in src/content/projects/index.ts, on a plain static host. Nothing of projects is anywhere:
 * no band, no link, no index, no sitemap entry; and the pages stay clean in both themes.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectsText } from '../../src/content/projects-page.ts'
import { expectNoAxeViolations, waitForAnimations } from '../support/browser/axe.ts'
import { releaseChromium, sharedChromium } from '../support/browser/shared-chromium.ts'
import { PHONE, WIDE_DESKTOP } from '../support/browser/devices.ts'
import { copyProject, type ProjectCopy } from '../support/project-copy.ts'
import { startStaticHost } from '../support/static-host.ts'

const NO_PROJECTS = `import type { Project } from './project.ts'

export type { Project, ProjectImage, ProjectQuote, ProjectResult } from './project.ts'

export const projects: readonly Project[] = []
`

let project: ProjectCopy
let host: Awaited<ReturnType<typeof startStaticHost>>
let browser: Browser
let buildOutput = ''

beforeAll(async () => {
  project = await copyProject()
  await writeFile(path.join(project.folder, 'src/content/projects/index.ts'), NO_PROJECTS)
  await project.build()
  buildOutput = await readFile(path.join(project.folder, 'dist-server/build.json'), 'utf8')
  ;[host, browser] = await Promise.all([
    startStaticHost(path.join(project.folder, 'dist')),
    sharedChromium(),
  ])
}, 240_000)

afterAll(async () => {
  await Promise.all([host?.stop(), releaseChromium(browser)])
  await project?.remove()
})

const PHONE_390: readonly [string, BrowserContextOptions] = ['390 px', PHONE]
const DESKTOP_1440: readonly [string, BrowserContextOptions] = ['1440 px', WIDE_DESKTOP]

describe('A site without projects', () => {
  it('records no example to refuse, and lists no project page in the sitemap', async () => {
    expect(JSON.parse(buildOutput).exampleProjects).toEqual([])
    const sitemap = await (await fetch(`${host.url}/sitemap.xml`)).text()
    expect(sitemap).toContain('/privacidade')
    expect(sitemap).not.toContain('/projetos')
    expect((await fetch(`${host.url}/projetos`)).status).toBe(404)
    expect((await fetch(`${host.url}/og/projects.png`)).status).toBe(404)
  })

  // This build only leaves the band and its links out; what stays is what themes.test.ts checks
  // in both themes. What leaving them out could break (heading order, landmarks, a link to
  // nothing) is the page's structure, which axe's best practices check and no theme changes:
  // each device is walked in one theme, and each theme on one device.
  for (const [theme, [width, device]] of [
    ['light', PHONE_390],
    ['dark', DESKTOP_1440],
  ] as const) {
    it(`shows no band and no link to projects, with no axe violations, in the ${theme} theme at ${width}`, async () => {
      const context = await browser.newContext({
        ...device,
        colorScheme: theme,
        reducedMotion: 'reduce',
        baseURL: host.url,
      })
      try {
        const page = await context.newPage()
        for (const path of ['/', '/privacidade']) {
          await page.goto(path)
          expect(await page.locator('#projects').count(), path).toBe(0)
          expect(await page.locator('a[href^="/projetos"]').count(), path).toBe(0)
          expect(await page.getByText(projectsText.navLabel, { exact: true }).count(), path).toBe(0)
          if (path === '/') {
            // The services are followed by what follows the band when there is one: the
            // demo's process strip.
            expect(
              await page.locator('#services').evaluate((el) => el.nextElementSibling?.id),
            ).toBe('process')
          }
          await waitForAnimations(page)
          await expectNoAxeViolations(page, `${path} without projects (${theme}, ${width})`, {
            bestPractice: true,
          })
        }
      } finally {
        await context.close()
      }
    })
  }
})
