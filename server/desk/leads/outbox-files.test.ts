import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  renderContactEmail,
  renderDigestEmail,
} from '../../../supabase/functions/_shared/render-contact-email.ts'
import { eraseOutboxMail, mentionsAddress, purgeOutboxMail } from './outbox-files.ts'

// Exactly what the outbox transport writes (server/mail/outbox-transport.ts).
const eml = async (email: ReturnType<typeof renderContactEmail>) => {
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true })
  const info = await stream.sendMail({
    from: { name: 'Formulário do site', address: 'contato@example.com' },
    to: 'contato@example.com',
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
  })
  return info.message.toString()
}

const lead = (name: string, email: string, message: string) => ({
  id: name,
  createdAt: new Date('2026-11-22T12:00:00Z'),
  name,
  email,
  company: null,
  message,
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('outbox copies of notifications', () => {
  it('are recognised whatever transfer encoding nodemailer picked', async () => {
    const accented = await eml(
      renderContactEmail(lead('João', "o'neil+x@example.com", 'ção '.repeat(300) + 'ã'.repeat(80))),
    )
    const digest = await eml(
      renderDigestEmail([
        lead('Ana', 'ana@example.com', 'Olá '.repeat(50)),
        lead('Caio', 'caio.long.address.name@sub.example.com.br', 'ééé'.repeat(400)),
      ]),
    )
    expect(accented).toMatch(/Content-Transfer-Encoding: (quoted-printable|base64)/)
    expect(mentionsAddress(accented, ["O'Neil+x@example.com"])).toBe(true)
    expect(mentionsAddress(digest, ['caio.long.address.name@sub.example.com.br'])).toBe(true)
    expect(mentionsAddress(digest, ['ana@example.com'])).toBe(true)
    expect(mentionsAddress(digest, ['bia@example.com'])).toBe(false)
  })

  it('are deleted for an erased address and kept for everyone else', async () => {
    await writeFile(
      path.join(dir, 'a.eml'),
      await eml(renderContactEmail(lead('A', 'a@example.com', 'x'))),
    )
    await writeFile(
      path.join(dir, 'b.eml'),
      await eml(renderContactEmail(lead('B', 'b@example.com', 'y'))),
    )
    await writeFile(path.join(dir, 'notes.txt'), 'a@example.com')
    expect(await eraseOutboxMail(dir, ['A@EXAMPLE.COM'])).toBe(1)
    expect((await readdir(dir)).sort()).toEqual(['b.eml', 'notes.txt'])
    expect(await eraseOutboxMail(path.join(dir, 'missing'), ['a@example.com'])).toBe(0)
  })

  it('older than the retention are purged', async () => {
    await writeFile(path.join(dir, 'old.eml'), 'x')
    await writeFile(path.join(dir, 'new.eml'), 'y')
    const longAgo = new Date('2025-01-01T00:00:00Z')
    await utimes(path.join(dir, 'old.eml'), longAgo, longAgo)
    expect(await purgeOutboxMail(dir, new Date('2026-01-01T00:00:00Z'))).toBe(1)
    expect(await readdir(dir)).toEqual(['new.eml'])
  })
})
