import { company } from '#shared/company/company.ts'
import type { BookingStatus } from '../agenda/booking.ts'
import type { LeadStatus } from '../leads/lead.ts'
import type { LookAlikeScript } from './visitor-text-parts.ts'

/** '1 contato', '1.200 contatos': a count in pt-BR, with its noun in the singular or plural. */
export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`

/** 'a', 'a e b', 'a, b e c'. */
export const listOf = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : (names[0] ?? '')

const leadStatuses: Record<LeadStatus, string> = {
  novo: 'novo',
  em_contato: 'em contato',
  fechado: 'fechado',
  spam: 'spam',
}

const bookingStatuses: Record<BookingStatus, string> = {
  pending: 'aguardando confirmação',
  expired: 'não confirmada',
  confirmed: 'confirmada',
  held: 'realizada',
  no_show: 'não compareceu',
  cancelled: 'cancelada',
}

const scriptNames: Record<LookAlikeScript, string> = {
  Latin: 'latino',
  Cyrillic: 'cirílico',
  Greek: 'grego',
}

/**
 * The words every desk page shares, in Portuguese (Brazil): the page's frame, its navigation,
 * its errors, and the words more than one feature shows. Each feature's own words are beside
 * its code (leads/leads-copy.ts, agenda/agenda-copy.ts, overview/overview-copy.ts,
 * quarantine/quarantine-copy.ts, incidents/incidents-copy.ts, webhooks/webhooks-copy.ts,
 * sign-in/sign-in-copy.ts). Components only render these files, so the desk can be reworded,
 * or translated, in them.
 */
export const layoutCopy = {
  lang: 'pt-BR',
  /** Beside every page's own title, and atop every page: the desk, not one of its pages. */
  brand: `Painel · ${company.name}`,
  skipLink: 'Pular para o conteúdo',
  /** A lead's status, in the leads and beside a meeting's lead in the agenda. */
  leadStatuses,
  /** A meeting's status, in the agenda and on its lead's page. */
  bookingStatuses,
  /** A cell or fact with nothing in it: no company, no meeting link. */
  noValue: '—',
  /** Back to a list, from its item's page or from an error page. */
  back: { leads: 'Voltar aos contatos', agenda: 'Voltar à agenda' },
  /** The lead's note, kept on its page and edited on its meeting's page too. */
  leadNote: { heading: 'Nota interna', label: 'Nota', save: 'Salvar nota' },
  /** A source of visits with no name of its own (layout/source-name.tsx). */
  sources: { direct: 'Direto (sem origem)', other: 'Outras (acima do limite diário)' },
  /** A list's title past its first page, so each page of it has its own. */
  pageTitle: (title: string, page: number) => (page > 1 ? `${title}, página ${page}` : title),
  /** Previous and next pages of a list (layout/pager.tsx); each list names its pager. */
  pager: {
    label: 'Páginas',
    previous: 'Anterior',
    next: 'Próxima',
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
  /** The header's navigation, on every page once signed in, and the warning under it. */
  layout: {
    signOut: 'Sair',
    signOutEverywhere: 'Sair de todos os aparelhos',
    navLabel: 'Painel',
    overview: 'Visão geral',
    leads: 'Contatos',
    agenda: (today: number | undefined) =>
      today === undefined || today === 0
        ? 'Agenda'
        : `Agenda (${today.toLocaleString('pt-BR')} hoje)`,
    quarantine: (count: number | undefined) =>
      count === undefined ? 'Quarentena' : `Quarentena (${count.toLocaleString('pt-BR')})`,
    webhooks: 'Webhooks',
    /** Shown above every page while e-mail does not reach anyone (server/mail/mail-off.ts). */
    mailWarning: {
      off: 'E-mail desligado: este servidor não tem SMTP_URL, então nenhum e-mail sai daqui. Os contatos e as reuniões continuam guardados e aparecem neste painel; os e-mails esperam na fila e saem quando SMTP_URL for configurado e o servidor reiniciado.',
      outbox: (folder: string) =>
        `Modo de desenvolvimento: sem SMTP_URL, os e-mails são gravados como arquivos .eml em ${folder} e ninguém os recebe. Configure SMTP_URL para enviá-los de verdade.`,
    },
  },
  /** Around what visitors typed (layout/visitor-text.tsx). */
  visitorText: {
    marker: (code: string) => `⟨${code}⟩`,
    hiddenTitle: (code: string, direction: boolean) =>
      direction
        ? `Caractere invisível que muda a direção do texto (${code}), mostrado aqui no lugar dele.`
        : `Caractere invisível (${code}), mostrado aqui no lugar dele.`,
    mixedScripts: (scripts: LookAlikeScript[]) =>
      `⚠ Alfabetos misturados: ${listOf(scripts.map((script) => scriptNames[script]))}`,
    mixedScriptsTitle:
      'Há letras de alfabetos diferentes que parecem iguais na mesma palavra: pode ser alguém se passando por outro nome.',
    mixedWordTitle: (scripts: LookAlikeScript[]) =>
      `Palavra com letras dos alfabetos ${listOf(scripts.map((script) => scriptNames[script]))}.`,
    noteWarning: 'A nota tem caracteres invisíveis ou alfabetos misturados:',
  },
  errors: {
    notFoundTitle: 'Contato não encontrado',
    notFound: 'Este contato não existe mais. Ele pode ter sido apagado.',
    bookingNotFoundTitle: 'Reunião não encontrada',
    bookingNotFound:
      'Esta reunião não existe mais. O contato dela pode ter sido apagado, ou o endereço está errado.',
    pageNotFoundTitle: 'Página não encontrada',
    pageNotFound: 'Este endereço não existe no painel.',
    forbiddenTitle: 'Ação recusada',
    forbidden:
      'Não foi possível confirmar que o pedido veio desta página. Volte, recarregue a página e tente de novo.',
    databaseDownTitle: 'Banco de dados fora do ar',
    databaseDown:
      'O banco de dados não está respondendo agora, então o painel não pode abrir. Nada do que já foi salvo se perdeu: tente de novo em alguns instantes.',
  },
} as const
