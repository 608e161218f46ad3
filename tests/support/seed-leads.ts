import type { Database } from '../../server/db/database.ts'

export interface SeedLead {
  name: string
  email: string
  company?: string | null
  message: string
  createdAt?: Date
  status?: 'novo' | 'em_contato' | 'fechado' | 'spam'
  /** Whether the company's notification went out; false with notifyError is "falhou". */
  notified?: boolean
  notifyError?: string | null
  /** Where the visitor came from, as the database keeps it (decision 033). */
  utmSource?: string | null
  utmCampaign?: string | null
  referrerOrigin?: string | null
  /** When it was first answered, and how (migration 20261128120000); unanswered by default. */
  answeredAt?: Date | null
  answerVia?: 'resposta' | 'manual' | 'situacao' | 'reuniao'
  /** 'booking': a booking's own lead, answered by its meeting. */
  notifiedVia?: 'single' | 'booking'
}

/**
 * Stores leads as the database would after visitors sent them, in one statement, as
 * superuser with the guard triggers off (they would count 10 000 rows as a flood).
 */
export const seedLeads = async (db: Database, leads: SeedLead[]): Promise<string[]> => {
  const now = Date.now()
  const rows = leads.map((lead, index) => ({
    created_at: (lead.createdAt ?? new Date(now - index * 60_000)).toISOString(),
    name: lead.name,
    email: lead.email,
    company: lead.company ?? null,
    message: lead.message,
    lead_status: lead.status ?? 'novo',
    notified_at: lead.notified === false ? null : new Date(now).toISOString(),
    notify_error: lead.notifyError ?? null,
    utm_source: lead.utmSource ?? null,
    utm_campaign: lead.utmCampaign ?? null,
    referrer_origin: lead.referrerOrigin ?? null,
    first_answered_at: lead.answeredAt ? lead.answeredAt.toISOString() : null,
    first_answer_via: lead.answeredAt ? (lead.answerVia ?? 'resposta') : null,
    notified_via: lead.notifiedVia ?? null,
  }))
  return db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica')
    // Only the columns this database has: a backup test seeds the schema of an older version.
    const { rows: columns } = await tx.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'contact_submissions'`,
    )
    const present = new Set(columns.map((column) => column.column_name))
    const names = Object.keys(rows[0] ?? {})
      .filter((name) => present.has(name))
      .join(', ')
    const { rows: ids } = await tx.query<{ id: string }>(
      `insert into public.contact_submissions (${names})
       select ${names} from json_populate_recordset(null::public.contact_submissions, $1::json)
       returning id`,
      [JSON.stringify(rows)],
    )
    return ids.map((row) => row.id)
  })
}

const FIRST = [
  'Ana',
  'João',
  'Márcia',
  'Pedro',
  'Luíza',
  'Carlos',
  'Fernanda',
  'Otávio',
  'Beatriz',
  'Raí',
]
const LAST = ['Souza', 'Conceição', 'Araújo', 'Lima', 'Gonçalves', 'Pereira', 'Simões', 'Nóbrega']
const TOPICS = [
  'um aplicativo',
  'a integração com o ERP',
  'a migração para a nuvem',
  'uma loja virtual',
  'automação de relatórios',
  'segurança e LGPD',
]

/** Plausible, varied leads (accents included), the same every run. */
export const generateLeads = (count: number, start = new Date()): SeedLead[] =>
  Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length] ?? 'Ana'
    const last = LAST[(index * 7) % LAST.length] ?? 'Souza'
    const topic = TOPICS[(index * 5) % TOPICS.length] ?? 'um site'
    return {
      name: `${first} ${last} ${index}`,
      email: `${first.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${index}@empresa${index % 97}.com.br`,
      company: index % 3 === 0 ? null : `Empresa ${index % 500} Ltda.`,
      message: `Olá! Gostaria de um orçamento para ${topic}. `.repeat(1 + (index % 6)),
      createdAt: new Date(start.getTime() - index * 90_000),
      status: (['novo', 'novo', 'em_contato', 'fechado', 'spam'] as const)[index % 5],
      notified: index % 10 !== 0,
      notifyError: index % 20 === 0 ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
    }
  })
