// Parts 1, 2, 4 and 5 of bench/agenda-abuse.ts: strangers against the agenda and the form.
import { performance } from 'node:perf_hooks'
import { addressIn } from '../../tests/support/booking-mail.ts'
import {
  INBOX,
  pct,
  type Stage,
  call,
  freeSlots,
  bookableMeetings,
  bookAsThePage,
  settle,
  resetStage,
} from './stage.ts'

export async function attackerOfOneSlash48(stage: Stage) {
  await resetStage(stage)
  const before = (await freeSlots(stage)).length
  const meetingsBefore = await bookableMeetings(stage)
  let worstSlots = before
  let worstMeetings = meetingsBefore
  const answers = new Map<string, number>()
  let held = 0
  let attempts = 0
  let visitorBooked = false
  const started = performance.now()
  for (let round = 0; round < 48; round += 1) {
    for (let subnet = 0; subnet < 40; subnet += 1) {
      const slots = await freeSlots(stage)
      attempts += 1
      const answer = await bookAsThePage(
        stage,
        `2001:db8:4800:${(round * 40 + subnet).toString(16)}::1`,
        slots[(attempts * 7) % Math.max(1, slots.length)] ?? '',
        { name: `Robô ${attempts}`, email: `bot${attempts}@example.com`, note: 'Reserva.' },
      )
      // A refusal of the database names its reason in `details`; the call budget's 429 (the
      // /48's calls a minute, decision 058) answers before the database and names none.
      const reason =
        answer.status === 200
          ? 'held'
          : String(
              answer.body.details ?? `${answer.status} ${String(answer.body.code ?? '')}`.trim(),
            )
      answers.set(reason, (answers.get(reason) ?? 0) + 1)
      if (answer.status === 200) held += 1
    }
    worstSlots = Math.min(worstSlots, (await freeSlots(stage)).length)
    worstMeetings = Math.min(worstMeetings, await bookableMeetings(stage))
    if (round === 0) {
      // A visitor of another network while the attacker holds all it can.
      const slots = await freeSlots(stage)
      const visitor = await bookAsThePage(stage, '198.51.100.77', slots[3] ?? '', {
        name: 'Pessoa Real',
        email: 'pessoa.real@example.com',
        note: 'Quero um aplicativo.',
      })
      visitorBooked = visitor.status === 200
      // Given up again at once, so the figures above measure the attacker alone.
      await call(
        stage,
        '/rest/v1/rpc/cancel_booking',
        { token: visitor.body.hold_token },
        '198.51.100.77',
      )
    }
    // Half an hour passes: nobody confirms the attacker's holds.
    await stage.db.query(
      `update public.bookings set hold_until = now() - interval '1 second'
        where status = 'pending' and client_network = '2001:db8:4800::/48'`,
    )
  }
  const seconds = (performance.now() - started) / 1000
  console.log(`\n1. One /48, 40 /64s a round, 48 rounds (a day of half hours) on ${stage.name}`)
  console.log(
    `   ${attempts} bookings sent in ${seconds.toFixed(0)} s; held: ${held} (at most 2 at once, 6 a day)`,
  )
  console.log(`   answers: ${[...answers].map(([k, v]) => `${k} ${v}`).join(', ')}`)
  console.log(
    `   free times at the worst moment: ${worstSlots} of ${before} (${pct(worstSlots, before)})`,
  )
  console.log(
    `   meetings still bookable at the worst moment: ${worstMeetings} of ${meetingsBefore} (${pct(worstMeetings, meetingsBefore)})`,
  )
  console.log(
    `   a visitor of another network books while the attacker holds all it can: ${visitorBooked}`,
  )
}

export async function mailCannon(stage: Stage) {
  await resetStage(stage)
  const spellings = [
    'vitima.alvo@gmail.com',
    'Vitima.Alvo+reuniao@gmail.com',
    'v.i.t.i.m.a.alvo@googlemail.com',
    'VITIMAALVO@GMAIL.COM',
  ]
  const networks = [
    ...Array.from({ length: 100 }, (_, n) => `2001:db8:${(0x6000 + n).toString(16)}::1`),
    ...Array.from({ length: 100 }, (_, n) => `198.18.${n}.9`),
  ]
  const outcomes = new Map<string, number>()
  let requests = 0
  const started = performance.now()
  for (let round = 0; round < 3; round += 1) {
    for (const [n, address] of networks.entries()) {
      const slots = await freeSlots(stage)
      const booked = await bookAsThePage(
        stage,
        address,
        slots[(n * 5 + round) % slots.length] ?? '',
        {
          name: 'Seu banco: acesse https://golpe.example/conta',
          email: spellings[(n + round) % spellings.length] ?? '',
          note: 'Sua conta será bloqueada. '.repeat(38),
        },
      )
      requests += 1
      const reason = booked.status === 200 ? 'held' : String(booked.body.details)
      outcomes.set(reason, (outcomes.get(reason) ?? 0) + 1)
      if (booked.status !== 200) continue
      const token = booked.body.hold_token
      for (let move = 0; move < 5; move += 1) {
        requests += 1
        await call(
          stage,
          '/rest/v1/rpc/reschedule_booking',
          { token, starts_at: slots[move] },
          address,
        )
      }
      requests += 1
      await call(stage, '/rest/v1/rpc/cancel_booking', { token }, address)
    }
  }
  const seconds = (performance.now() - started) / 1000
  await settle(stage)
  const toVictim = stage.smtp.messages.filter((mail) =>
    /^vitimaalvo@(gmail|googlemail)\.com$/.test(
      (addressIn(mail.to) ?? '')
        .toLowerCase()
        .replace(/\+[^@]*@/, '@')
        .replace(/\.(?=[^@]*@)/g, ''),
    ),
  )
  const words = toVictim.some((mail) => `${mail.subject} ${mail.text}`.includes('golpe'))
  console.log(`\n2. The mail cannon: 200 networks, 3 rounds, on ${stage.name}`)
  console.log(
    `   ${requests} requests in ${seconds.toFixed(0)} s; bookings: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  )
  console.log(
    `   the victim's inbox received ${toVictim.length} e-mail(s) (at most 3 a day), the stranger's words in any: ${words}`,
  )
  console.log(
    `   the company's inbox: ${stage.smtp.messages.filter((mail) => addressIn(mail.to) === INBOX).length}; the webhook receiver: ${stage.crm.received.length} post(s)`,
  )
}

/**
 * Part 4: k /48s, each replaying the page from four /64s of its own as fast as it can, one hold
 * period: what is still bookable at its end, the holds uncounted. The /48s lie in one provider's
 * /32 (a tunnel broker's customer, a cloud's), or each in a /32 of its own (k providers).
 */
export async function attackersOfSeveralSlash48s(stage: Stage) {
  console.log(`\n4. k /48s, four /64s each, one hold period, on ${stage.name}`)
  console.log(
    '   k  | providers | held | free times left      | meetings bookable | a visitor books',
  )
  for (const k of [1, 5, 18, 25]) {
    for (const spread of ['one', 'k'] as const) {
      await resetStage(stage)
      const before = (await freeSlots(stage)).length
      const meetingsBefore = await bookableMeetings(stage)
      let held = 0
      let attempts = 0
      for (let network = 0; network < k; network += 1) {
        const prefix =
          spread === 'one'
            ? `2001:db8:${(0x9000 + network).toString(16)}`
            : `2001:${(0x6000 + network).toString(16)}:1`
        for (let subnet = 0; subnet < 4; subnet += 1) {
          const slots = await freeSlots(stage)
          attempts += 1
          const answer = await bookAsThePage(
            stage,
            `${prefix}:${subnet.toString(16)}::1`,
            slots[(attempts * 7) % Math.max(1, slots.length)] ?? '',
            { name: `Robô ${attempts}`, email: `rede${attempts}@example.com`, note: 'Reserva.' },
          )
          if (answer.status === 200) held += 1
        }
      }
      const left = (await freeSlots(stage)).length
      const meetings = await bookableMeetings(stage)
      const slots = await freeSlots(stage)
      const visitor = await bookAsThePage(stage, '198.51.100.78', slots[0] ?? '', {
        name: 'Pessoa Real',
        email: `pessoa.${k}.${spread}@example.com`,
        note: 'Quero um aplicativo.',
      })
      console.log(
        `   ${String(k).padStart(2)} | ${spread === 'one' ? 'one /32  ' : `${String(k).padStart(2)} /32s  `} | ${String(held).padStart(4)} | ${`${left} of ${before} (${pct(left, before)})`.padEnd(20)} | ${`${meetings} of ${meetingsBefore}`.padEnd(17)} | ${visitor.status === 200}`,
      )
    }
  }
}

/** Part 5: leads from one /56 and one /48 against leads from as many unrelated networks. */
export async function leadsFromOneNetwork(stage: Stage) {
  const send = async (addresses: string[]) => {
    await stage.db.exec('delete from private.submission_counts')
    let stored = 0
    const started = performance.now()
    for (const [n, address] of addresses.entries()) {
      const answer = await call(
        stage,
        '/rest/v1/contact_submissions',
        {
          name: 'Robô',
          email: `lead${n}@example.com`,
          message: `Orçamento ${n}`,
          form_elapsed_ms: 60_000,
        },
        address,
      )
      if (answer.status === 201) stored += 1
    }
    return { stored, seconds: (performance.now() - started) / 1000 }
  }
  const hex = (n: number) => n.toString(16)
  const cases: [string, string[]][] = [
    [
      '101 unrelated networks (the reference)',
      Array.from({ length: 101 }, (_, n) => `2001:${hex(0x7000 + n)}:1::1`),
    ],
    ['one /64', Array.from({ length: 101 }, (_, n) => `2001:db8:a0::${hex(n + 1)}`)],
    ['101 /64s of one /56', Array.from({ length: 101 }, (_, n) => `2001:db8:a1:${hex(n)}::1`)],
    [
      '101 /56s of one /48',
      Array.from({ length: 101 }, (_, n) => `2001:db8:a2:${hex(n * 0x100)}::1`),
    ],
    ['101 addresses of one IPv4 /24', Array.from({ length: 101 }, (_, n) => `203.0.113.${n + 1}`)],
  ]
  console.log(`\n5. The contact form, 101 leads as fast as the server answers, on ${stage.name}`)
  for (const [name, addresses] of cases) {
    await stage.db.exec(
      `delete from public.contact_submissions where email like 'lead%@example.com'`,
    )
    const { stored, seconds } = await send(addresses)
    console.log(`   from ${name}: ${stored} of 101 stored in ${seconds.toFixed(1)} s`)
  }
}
