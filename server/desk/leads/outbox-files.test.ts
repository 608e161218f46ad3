import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { toMailMessage } from '#shared/mail/mail-transport.ts'
import {
  renderContactEmail,
  renderDigestEmail,
  type ContactEmail,
} from '#shared/mail/render-contact-email.ts'
import { leadIdsOf, replaceContent } from '../../mail/eml-message.ts'
import { createMessageBuilder } from '../../mail/outbox-transport.ts'
import {
  eraseUntaggedOutboxMail,
  mentionsAddress,
  purgeUntaggedOutboxMail,
} from './outbox-files.ts'

const SETTINGS = {
  from: { name: 'Formulário do site', address: 'contato@example.com' },
  to: 'contato@example.com',
}

// Exactly what the outbox transport writes (server/mail/outbox-transport.ts).
const eml = async (email: ContactEmail) => {
  const info = await createMessageBuilder().sendMail(toMailMessage(email, SETTINGS))
  return info.message.toString()
}

const lead = (name: string, email: string, message: string, id = crypto.randomUUID()) => ({
  id,
  createdAt: new Date('2026-11-22T12:00:00Z'),
  name,
  email,
  company: null,
  message,
})

/** A copy as written before copies named their leads (no X-Lead-Id). */
const untagged = async (email: ContactEmail) =>
  (await eml(email)).replace(/^X-Lead-Id:.*\r\n(?:[ \t].*\r\n)*/im, '')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('outbox copies of notifications', () => {
  it('name the leads they carry, one for a single e-mail and each of a digest', async () => {
    const ana = lead('Ana', 'ana@example.com', 'Oi')
    const bia = lead('Bia', 'bia@example.com', 'Olá')
    const ids = [ana.id, bia.id]
    expect(leadIdsOf(await eml({ ...renderContactEmail(ana), leadIds: [ana.id] }))).toEqual([
      ana.id,
    ])
    const many = Array.from({ length: 40 }, (_, index) => lead(`L${index}`, `l${index}@x.com`, 'x'))
    const digest = await eml({ ...renderDigestEmail(many), leadIds: many.map((one) => one.id) })
    expect(digest).toMatch(/^X-Lead-Id: .*\r\n /im) // folded over several lines
    expect(leadIdsOf(digest)).toEqual(many.map((one) => one.id))
    expect(leadIdsOf(await untagged({ ...renderDigestEmail([ana, bia]), leadIds: ids }))).toBe(
      undefined,
    )
  })

  it('keep their sender, recipient, date and Message-ID when their content is replaced', async () => {
    const ana = lead('Ana', 'ana@example.com', 'Oi')
    const bia = lead('Bia', 'bia@example.com', 'Olá, çá')
    const original = await eml({ ...renderDigestEmail([ana, bia]), leadIds: [ana.id, bia.id] })
    const replacement = await eml({ ...renderDigestEmail([bia]), leadIds: [bia.id] })
    const rewritten = replaceContent(original, replacement)
    const header = (raw: string, name: string) =>
      new RegExp(`^${name}: .*(\\r\\n[ \\t].*)*`, 'm').exec(raw)?.[0]
    for (const name of ['From', 'To', 'Date', 'Message-ID']) {
      expect(header(rewritten, name), name).toBe(header(original, name))
    }
    expect(header(rewritten, 'Subject')).toBe('Subject: Resumo: 1 nova mensagem pelo site')
    expect(leadIdsOf(rewritten)).toEqual([bia.id])
    expect(mentionsAddress(rewritten, ['ana@example.com'])).toBe(false)
    expect(mentionsAddress(rewritten, ['bia@example.com'])).toBe(true)
  })

  it('show an address only as a whole address, whatever transfer encoding nodemailer picked', async () => {
    const accented = await eml(
      renderContactEmail(lead('João', "o'neil+x@example.com", 'ção '.repeat(300) + 'ã'.repeat(80))),
    )
    const digest = await eml(
      renderDigestEmail([
        lead('Maria', 'maria@example.com', 'Olá '.repeat(50)),
        lead('Caio', 'caio.long.address.name@sub.example.com.br', 'ééé'.repeat(400)),
      ]),
    )
    expect(accented).toMatch(/Content-Transfer-Encoding: (quoted-printable|base64)/)
    expect(mentionsAddress(accented, ["O'Neil+x@example.com"])).toBe(true)
    expect(mentionsAddress(digest, ['caio.long.address.name@sub.example.com.br'])).toBe(true)
    expect(mentionsAddress(digest, ['maria@example.com'])).toBe(true)
    // Substrings of other addresses are not mentions.
    for (const other of [
      'a@example.com',
      'ria@example.com',
      'caio.long.address.name@sub.example.com',
    ]) {
      expect(mentionsAddress(digest, [other]), other).toBe(false)
    }
  })

  it('without lead ids are deleted for an erased address and kept for everyone else', async () => {
    const write = async (name: string, raw: string) => writeFile(path.join(dir, name), raw)
    await write('a.eml', await untagged(renderContactEmail(lead('A', 'a@example.com', 'x'))))
    await write(
      'maria.eml',
      await untagged(renderContactEmail(lead('M', 'maria@example.com', 'y'))),
    )
    const tagged = lead('A', 'a@example.com', 'z')
    await write('tagged.eml', await eml({ ...renderContactEmail(tagged), leadIds: [tagged.id] }))
    await write('notes.txt', 'a@example.com')
    expect(await eraseUntaggedOutboxMail(dir, ['A@EXAMPLE.COM'])).toBe(1)
    // A tagged copy follows the database instead (pruneOutboxCopies), never an address.
    expect((await readdir(dir)).sort()).toEqual(['maria.eml', 'notes.txt', 'tagged.eml'])
    expect(await eraseUntaggedOutboxMail(path.join(dir, 'missing'), ['a@example.com'])).toBe(0)
  })

  it('without lead ids are purged when older than the retention', async () => {
    const old = lead('Velha', 'velha@example.com', 'x')
    await writeFile(path.join(dir, 'old.eml'), await untagged(renderContactEmail(old)))
    await writeFile(path.join(dir, 'new.eml'), 'y')
    await writeFile(
      path.join(dir, 'tagged.eml'),
      await eml({ ...renderContactEmail(old), leadIds: [old.id] }),
    )
    const longAgo = new Date('2025-01-01T00:00:00Z')
    for (const name of ['old.eml', 'tagged.eml']) {
      await utimes(path.join(dir, name), longAgo, longAgo)
    }
    expect(await purgeUntaggedOutboxMail(dir, new Date('2026-01-01T00:00:00Z'))).toBe(1)
    expect((await readdir(dir)).sort()).toEqual(['new.eml', 'tagged.eml'])
    expect(await readFile(path.join(dir, 'new.eml'), 'utf8')).toBe('y')
  })
})
