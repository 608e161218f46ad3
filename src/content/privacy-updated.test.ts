import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { privacyNoticeUpdated } from './privacy-updated.ts'

describe('the privacy notice’s date', () => {
  it('moves with its text: privacy.ts is the file the date was set for', async () => {
    const text = await readFile(path.join(ROOT_DIR, 'src/content/privacy.ts'), 'utf8')
    const sha256 = createHash('sha256').update(text).digest('hex')
    expect(
      sha256,
      `src/content/privacy.ts changed: set privacyNoticeUpdated.date and .shown in privacy-updated.ts to the day it changed, and sourceSha256 to ${sha256}`,
    ).toBe(privacyNoticeUpdated.sourceSha256)
  })

  it('shows the day it names, in Portuguese', () => {
    const shown = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${privacyNoticeUpdated.date}T12:00:00Z`),
    )
    expect(privacyNoticeUpdated.shown).toBe(shown)
  })
})
