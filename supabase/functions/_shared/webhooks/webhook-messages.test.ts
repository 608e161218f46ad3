import { describe, expect, it } from 'vitest'
import { renderWebhookBody } from './webhook-messages.ts'
import { DISCORD_MAX_CONTENT } from './webhook-text.ts'

// What a visitor might type to make a channel say something else: mentions, links that hide
// their address, markup of every service, and the characters that escape it.
const HOSTILE = {
  name: 'Ana <!channel> @everyone *Chefe*',
  email: 'ana@example.com',
  company: '[Banco](https://phish.example/login) & <https://phish.example|Banco>',
  message:
    'Olá! <!here> @here <@123456> **urgente** _agora_ `rm -rf` > citação\n# Título\n[clique aqui](https://phish.example) https://phish.example/x',
}

const leadEvent = (message = HOSTILE.message) => ({
  type: 'lead.created',
  timestamp: '2026-11-26T17:30:00.123Z',
  data: {
    lead: {
      id: '7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5a',
      received_at: '2026-11-26T17:30:00.123Z',
      received_at_local: '2026-11-26T14:30:00-03:00',
      time_zone: 'America/Sao_Paulo',
      ...HOSTILE,
      message,
      desk_url: 'https://www.empresa.test/painel/contatos/7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5a',
    },
  },
})

const bookingEvent = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  timestamp: '2026-11-26T17:30:00.123Z',
  data: {
    booking: {
      id: 'b0000000-0000-4000-8000-000000000001',
      lead_id: 'a0000000-0000-4000-8000-000000000001',
      status: type === 'booking.cancelled' ? 'cancelled' : 'confirmed',
      starts_at: '2026-12-01T17:00:00.000Z',
      ends_at: '2026-12-01T17:30:00.000Z',
      starts_at_local: '2026-12-01T14:00:00-03:00',
      ends_at_local: '2026-12-01T14:30:00-03:00',
      time_zone: 'America/Sao_Paulo',
      visitor_time_zone: 'Europe/Lisbon',
      meeting_url: 'https://meet.jit.si/Consultoria-abc',
      name: HOSTILE.name,
      email: HOSTILE.email,
      company: null,
      note: 'Quero um app <!channel>',
      desk_url: null,
      ...extra,
    },
  },
})

const parse = (body: string) => JSON.parse(body) as Record<string, unknown>

/** Every string in a JSON value, with the path of keys that leads to it. */
const strings = (value: unknown, path: string[] = []): { path: string[]; text: string }[] => {
  if (typeof value === 'string') return [{ path, text: value }]
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(item, [...path, String(index)]))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => strings(item, [...path, key]))
  }
  return []
}

describe('the signed JSON (Standard Webhooks)', () => {
  it('is the event as stored, {type, timestamp, data}, minified', () => {
    const event = leadEvent()
    const body = renderWebhookBody('standard', event)
    expect(parse(body)).toEqual(event)
    expect(Object.keys(parse(body))).toEqual(['type', 'timestamp', 'data'])
    expect(body).not.toMatch(/\n|": /)
  })
})

describe('the Slack message', () => {
  // Slack's incoming webhooks take chat.postMessage's message fields; these are the ones used.
  const SLACK_FIELDS = ['text', 'blocks', 'unfurl_links', 'unfurl_media']

  /** The rich text block's elements, as Slack reads them. */
  const richText = (body: Record<string, unknown>) => {
    const blocks = body.blocks as { type: string; elements: Record<string, unknown>[] }[]
    expect(blocks).toHaveLength(1)
    expect(blocks[0]?.type).toBe('rich_text')
    return blocks[0]?.elements ?? []
  }
  /** Every leaf element (text or link) of the rich text, in order. */
  const leaves = (body: Record<string, unknown>) =>
    richText(body).flatMap(
      (element) => element.elements as { type: string; text: string; url?: string }[],
    )

  it('is one rich text block with the lead, a plain title for notifications, and no link previews', () => {
    const body = parse(renderWebhookBody('slack', leadEvent('Quero um site.')))
    expect(Object.keys(body).every((key) => SLACK_FIELDS.includes(key))).toBe(true)
    expect(body).toMatchObject({
      text: 'Novo contato pelo site',
      unfurl_links: false,
      unfurl_media: false,
    })
    const shown = leaves(body)
      .map((leaf) => leaf.text)
      .join('')
    expect(shown).toContain('Novo contato pelo site\nNome: ')
    expect(shown).toContain('Recebido em: 26/11/2026 às 14:30 (America/Sao_Paulo)')
    expect(richText(body).map((element) => element.type)).toEqual([
      'rich_text_section',
      'rich_text_section',
      'rich_text_quote',
      'rich_text_section',
    ])
    expect(richText(body)[2]).toEqual({
      type: 'rich_text_quote',
      elements: [{ type: 'text', text: 'Quero um site.' }],
    })
    expect(leaves(body).at(-1)).toEqual({
      type: 'link',
      url: 'https://www.empresa.test/painel/contatos/7a1e3c0e-9b44-4d4b-8c55-1f1e2d3c4b5a',
      text: 'Abrir no painel',
    })
  })

  it("puts what the visitor typed, Slack's markup included, only in plain text elements", () => {
    const markup = {
      name: '*Chefe* _agora_ ~riscado~ `código` :rotating_light: <!channel>',
      company: '<https://phish.example|Banco> &amp; :bank:',
      email: 'x_y_@example.com',
    }
    const event = leadEvent(
      '*negrito* _itálico_ ~risco~ `rm -rf` :fire: <https://phish.example|aqui> <@U123>',
    )
    Object.assign(event.data.lead, markup)
    const body = parse(renderWebhookBody('slack', event))
    const typed = [...Object.values(markup), event.data.lead.message]
    for (const text of typed) {
      const holding = leaves(body).filter((leaf) => leaf.text === text)
      expect(holding, text).toHaveLength(1)
      // A text element with no style: Slack shows its characters, reading no markup in them.
      expect(holding[0]).toEqual({ type: 'text', text })
    }
    // Nothing is mrkdwn, and the one link is the desk's.
    expect(JSON.stringify(body)).not.toContain('mrkdwn')
    expect(leaves(body).filter((leaf) => leaf.type !== 'text')).toHaveLength(1)
    expect(body.text).toBe('Novo contato pelo site')
  })

  it('keeps a message with a lone CR, U+2028 and U+2029 inside its quote, line by line', () => {
    const message = 'primeira\rsegunda\u2028*terceira*\u2029quarta\r\nquinta\u0085sexta'
    const body = parse(renderWebhookBody('slack', leadEvent(message)))
    const quote = richText(body).find((element) => element.type === 'rich_text_quote')
    expect(quote?.elements).toEqual([
      { type: 'text', text: 'primeira\nsegunda\n*terceira*\nquarta\nquinta\nsexta' },
    ])
    expect(JSON.stringify(body)).not.toMatch(/\\r|\\u2028|\\u2029|\u2028|\u2029/)
  })

  it('cuts a message past 3000 characters and says so; an empty fact shows a dash', () => {
    const event = leadEvent('🙂'.repeat(3500))
    event.data.lead.company = ''
    const body = parse(renderWebhookBody('slack', event))
    const quote = richText(body).find((element) => element.type === 'rich_text_quote')
    const [text] = quote?.elements as { text: string }[]
    expect(Array.from(text?.text ?? '')).toHaveLength(
      3000 + Array.from(' (texto completo no painel)…').length,
    )
    expect(text?.text.endsWith('… (texto completo no painel)')).toBe(true)
    expect(leaves(body).every((leaf) => leaf.text !== '')).toBe(true)
  })
})

describe('the Discord message', () => {
  // Discord's "Execute Webhook" JSON params.
  const DISCORD_FIELDS = [
    'content',
    'username',
    'avatar_url',
    'tts',
    'embeds',
    'allowed_mentions',
    'components',
    'attachments',
    'flags',
    'thread_name',
    'applied_tags',
    'poll',
  ]

  it('is {"content": …} with mentions and link previews off', () => {
    const body = parse(renderWebhookBody('discord', bookingEvent('booking.created')))
    expect(Object.keys(body).every((key) => DISCORD_FIELDS.includes(key))).toBe(true)
    expect(body.allowed_mentions).toEqual({ parse: [] })
    expect(Number(body.flags) & (1 << 2)).toBe(1 << 2)
    expect(body.content).toContain('**Nova consultoria marcada pelo site**')
    expect(body.content).toContain('**Quando:** 01/12/2026 às 14:00 (America/Sao_Paulo)')
    expect(body.content).toContain('**Sala:** https://meet.jit.si/Consultoria-abc')
  })

  it('escapes every markdown character the visitor typed, so no hidden link or heading forms', () => {
    const { content } = parse(renderWebhookBody('discord', leadEvent())) as { content: string }
    expect(content).not.toContain('[clique aqui](https://phish.example)')
    expect(content).toContain('\\[clique aqui\\]\\(https\\:\\/\\/phish\\.example\\)')
    expect(content).toContain('\\@everyone')
    expect(content).toContain('> \\# Título')
  })

  it('quotes every line of a message with a lone CR, U+2028 or U+2029, so none escapes the quote', () => {
    const message = 'primeira\r# Título falso\u2028**negrito**\u2029quarta\r\nquinta'
    const { content } = parse(renderWebhookBody('discord', leadEvent(message))) as {
      content: string
    }
    expect(content).not.toMatch(/[\r\u2028\u2029]/)
    const quoted = content.split('\n').filter((line) => line.startsWith('> '))
    expect(quoted).toEqual([
      '> primeira',
      '> \\# Título falso',
      '> \\*\\*negrito\\*\\*',
      '> quarta',
      '> quinta',
    ])
  })

  it('fits Discord’s 2000 characters with a 5000-character message of characters it escapes', () => {
    const { content } = parse(renderWebhookBody('discord', leadEvent('*_'.repeat(2500)))) as {
      content: string
    }
    expect(Array.from(content).length).toBeLessThanOrEqual(DISCORD_MAX_CONTENT)
    expect(content).toContain('(texto completo no painel)')
    expect(content).toContain('[Abrir no painel](<https://www.empresa.test/painel/contatos/')
    expect(content).not.toMatch(/[^\\]\\…/)
  })
})

describe('the Microsoft Teams message', () => {
  it('is a message with one Adaptive Card attachment, as Teams Workflows webhooks take', () => {
    const body = parse(
      renderWebhookBody(
        'teams',
        bookingEvent('booking.rescheduled', {
          previous_starts_at: '2026-11-30T13:00:00.000Z',
          previous_starts_at_local: '2026-11-30T10:00:00-03:00',
        }),
      ),
    )
    expect(body.type).toBe('message')
    const attachments = body.attachments as Record<string, unknown>[]
    expect(attachments).toHaveLength(1)
    expect(attachments[0]).toMatchObject({
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
      },
    })
    const card = attachments[0]?.content as { body: { type: string }[] }
    expect(
      card.body.every((element) => ['TextBlock', 'RichTextBlock'].includes(element.type)),
    ).toBe(true)
    const texts = strings(card).map(({ text }) => text)
    expect(texts).toContain('Consultoria remarcada')
    expect(texts).toContain('01/12/2026 às 14:00 (America/Sao_Paulo)')
    expect(texts).toContain('30/11/2026 às 10:00 (America/Sao_Paulo)')
  })

  it('puts what the visitor typed only in TextRuns, which Teams never reads as markdown', () => {
    const body = parse(renderWebhookBody('teams', leadEvent()))
    const visitorTexts = strings(body).filter(({ text }) =>
      Object.values(HOSTILE).some((typed) => text === typed),
    )
    expect(visitorTexts.map(({ text }) => text).sort()).toEqual(Object.values(HOSTILE).sort())
    for (const { path } of visitorTexts) {
      expect(path.slice(-3, -2)[0], path.join('.')).toBe('inlines')
      expect(path.at(-1)).toBe('text')
    }
    expect(JSON.stringify(body)).toContain('"type":"Action.OpenUrl","title":"Abrir no painel"')
  })
})

describe('the reply promise and the pipeline in the readable formats', () => {
  const overdue = {
    ...leadEvent(),
    type: 'lead.overdue',
    data: {
      lead: {
        ...leadEvent().data.lead,
        deadline_at: '2026-11-27T17:30:00.123Z',
        deadline_at_local: '2026-11-27T14:30:00-03:00',
        promise_hours: 24,
      },
    },
  }
  const incident = {
    type: 'pipeline.incident',
    timestamp: '2026-11-26T17:30:00.123Z',
    data: {
      incident: {
        id: 7,
        kind: 'mail_failing',
        since: '2026-11-26T17:20:00.000Z',
        opened_at: '2026-11-26T17:26:00.000Z',
        time_zone: 'America/Sao_Paulo',
        detail: { error: 'connect ECONNREFUSED 127.0.0.1:587', waiting: 3 },
        desk_url: 'https://www.empresa.test/painel/',
      },
    },
  }

  it('say a lead is about to break the promise, with the deadline on the company’s clock and the visitor’s text still inert', () => {
    const slackBody = renderWebhookBody('slack', overdue)
    const slack = JSON.parse(slackBody) as { text: string }
    expect(slack.text).toBe('Contato ainda sem resposta: o prazo está acabando')
    // What Slack shows: every text of the rich text block, in order.
    const shown = [...slackBody.matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)]
      .map(([, text = '']) => JSON.parse(`"${text}"`) as string)
      .join('')
    expect(shown).toContain('Prazo de resposta: 27/11/2026 às 14:30 (America/Sao_Paulo)')
    // The visitor's '<!channel>' stays text: rich text mentions only through elements of their own.
    expect(shown).toContain('Ana <!channel> @everyone *Chefe*')
    expect(slackBody).not.toMatch(/"type":"(broadcast|user|usergroup|channel)"/)
    const discord = JSON.parse(renderWebhookBody('discord', overdue)).content as string
    expect(discord).toContain('**Prazo de resposta:** 27/11/2026 às 14:30')
    const teams = renderWebhookBody('teams', overdue)
    expect(teams).toContain('Contato ainda sem resposta')
  })

  it('say what broke, since when and what to do, the same bytes on every retry', () => {
    for (const format of ['slack', 'discord', 'teams'] as const) {
      const body = renderWebhookBody(format, incident)
      expect(body, format).toContain('O envio de e-mails está falhando')
      expect(body, format).toContain('26/11/2026 14:20')
      expect(body, format).toContain('há 6 min')
      expect(body, format).toContain('SMTP_URL')
      expect(renderWebhookBody(format, incident), format).toBe(body)
    }
    expect(JSON.parse(renderWebhookBody('standard', incident))).toEqual(incident)
  })
})
