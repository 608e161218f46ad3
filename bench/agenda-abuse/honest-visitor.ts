// Part 3 of bench/agenda-abuse.ts: what the confirmation step costs an honest visitor on a phone.
import { performance } from 'node:perf_hooks'
import type { Browser } from 'playwright-core'
import { buildIfNeeded } from '../../scripts/build-if-needed.js'
import { addressIn, manageTokenIn } from '../../tests/support/booking-mail.ts'
import { launchChromium } from '../../tests/support/browser/chromium.ts'
import { PHONE } from '../../tests/support/browser/devices.ts'
import { startSmtpCatcher } from '../../tests/support/smtp-catcher.ts'
import { median, spawnServer } from '../spawn-server.ts'

/** Part 3: one honest visitor's booking and the step confirming adds, on a throttled phone. */
interface Journey {
  ms: number
  bytes: number
  requests: number
}

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

const throttled = async (browser: Browser) => {
  const context = await browser.newContext({ ...PHONE, timezoneId: 'America/Sao_Paulo' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let bytes = 0
  let requests = 0
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength
    requests += 1
  })
  return {
    page,
    measured: () => ({ bytes, requests }),
    close: () => context.close(),
  }
}

const book = async (browser: Browser, base: string, email: string, n: number) => {
  const { page, measured, close } = await throttled(browser)
  const started = performance.now()
  await page.goto(`${base}/agendar`)
  const day = page.getByRole('group', { name: 'Escolha o dia' }).getByRole('radio')
  await day
    .nth(1 + (n % 5))
    .locator('xpath=ancestor::label[1]')
    .tap()
  const time = page.getByRole('group', { name: 'Escolha o horário' }).getByRole('radio')
  await time
    .nth(n % 3)
    .locator('xpath=ancestor::label[1]')
    .tap()
  await page.getByLabel(/^\s*nome/i).fill('Ana Souza')
  await page.getByLabel(/^\s*e-?mail/i).fill(email)
  await page.getByLabel('Sobre o que quer conversar?').fill('Queremos um aplicativo.')
  // The visitor stays on the page while it asks for the e-mail (closing it would cut that off).
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/functions/v1/send-booking-email',
    { timeout: 90_000 },
  )
  // Awaited below; a failure before then is the one to report.
  asked.catch(() => undefined)
  await page.getByRole('button', { name: 'Confirmar agendamento' }).tap()
  const held = page
    .getByRole('status')
    .filter({ hasText: 'Falta confirmar a reunião pelo e-mail.' })
  const refused = page.getByRole('alert').filter({ visible: true })
  await held.or(refused).first().waitFor({ timeout: 60_000 })
  if (await refused.count())
    throw new Error(`Booking refused: ${await refused.first().textContent()}`)
  const journey = { ms: performance.now() - started, ...measured() }
  await asked
  await close()
  return journey
}

const confirm = async (browser: Browser, base: string, link: string): Promise<Journey> => {
  const { page, measured, close } = await throttled(browser)
  const started = performance.now()
  await page.goto(`${base}${link}`)
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/functions/v1/send-booking-email',
    { timeout: 90_000 },
  )
  // Awaited below; a failure before then is the one to report.
  asked.catch(() => undefined)
  await page.getByRole('button', { name: 'Confirmar reunião' }).tap({ timeout: 60_000 })
  await page
    .getByRole('status')
    .filter({ hasText: 'Reunião confirmada. Enviamos o convite por e-mail.' })
    .waitFor({ timeout: 60_000 })
  const journey = { ms: performance.now() - started, ...measured() }
  await asked
  await close()
  return journey
}

export async function honestFriction(rounds: number) {
  buildIfNeeded()
  const smtp = await startSmtpCatcher()
  const server = await spawnServer({
    SMTP_URL: smtp.url,
    // The page's own costs are measured, not a person's typing (which the fill time expects).
    FORM_MIN_FILL_MS: '0',
    BOOKING_UNKNOWN_ADDRESSES_PER_DAY: '1000',
    BOOKING_MAX_PER_DAY: '18',
  })
  const browser = await launchChromium({ fullBrowser: true })
  const booked: Journey[] = []
  const confirmed: Journey[] = []
  try {
    for (let round = 0; round < rounds; round += 1) {
      const email = `honesta.${round}.${Date.now()}@example.com`
      booked.push(await book(browser, server.url, email, round))
      let link: string | undefined
      for (let waited = 0; !link && waited < 90_000; waited += 100) {
        const mail = smtp.messages.find((message) => addressIn(message.to) === email)
        const token = mail && manageTokenIn(mail.text ?? '')
        link = token && `/agendar/gerenciar#${token}`
        if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      if (!link) throw new Error(`No request reached ${email}`)
      confirmed.push(await confirm(browser, server.url, link))
    }
  } finally {
    await browser.close()
    await server.stop()
    await smtp.stop()
  }
  const m = (journeys: Journey[], key: keyof Journey) => median(journeys.map((j) => j[key]))
  console.log(`\n3. An honest visitor on a phone (CPU 4×, 150 ms, 1.6 Mb/s), ${rounds} rounds`)
  console.log(
    `   the booking (load /agendar, pick, type, send, held): median ${m(booked, 'ms').toFixed(0)} ms, ${(m(booked, 'bytes') / 1024).toFixed(1)} KB in ${m(booked, 'requests')} requests`,
  )
  console.log(
    `   the step it adds (open the e-mail's link cold, tap, confirmed): median ${m(confirmed, 'ms').toFixed(0)} ms, ${(m(confirmed, 'bytes') / 1024).toFixed(1)} KB in ${m(confirmed, 'requests')} requests, 2 taps (the e-mail's link, the button)`,
  )
  console.log(
    `   ratio (added / booking): time ×${(m(confirmed, 'ms') / m(booked, 'ms')).toFixed(2)}, bytes ×${(m(confirmed, 'bytes') / m(booked, 'bytes')).toFixed(2)}`,
  )
  console.log(
    `   per round, booking / added ms: ${booked
      .map((journey, n) => `${journey.ms.toFixed(0)} / ${confirmed[n]?.ms.toFixed(0)}`)
      .join(', ')}`,
  )
}
