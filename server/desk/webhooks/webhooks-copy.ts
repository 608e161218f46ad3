import type { WebhookFormat } from '#shared/webhooks/webhook-receivers.ts'
import { plural } from '../layout/layout-copy.ts'

/** The webhooks' words, in Portuguese (Brazil): their page and the notices after a retry. */
export const webhooksCopy = {
  title: 'Webhooks',
  intro:
    'Endereços que recebem cada novo contato e cada consultoria marcada, remarcada ou cancelada: como JSON assinado (para n8n, Make, Zapier ou um CRM) ou como mensagem num canal do Slack, do Microsoft Teams ou do Discord. Cada destino tem a sua fila e as suas tentativas: um destino fora do ar não atrasa os outros nem o e-mail.',
  whereFrom:
    'Os destinos vêm da configuração WEBHOOK_URLS do servidor (no Supabase, da tabela private.webhook_receivers). O endereço completo não aparece aqui: o de um webhook do Slack ou do Discord é a própria chave do canal.',
  none: 'Nenhum destino configurado.',
  formats: {
    standard: 'JSON assinado (Standard Webhooks)',
    slack: 'Mensagem no Slack',
    teams: 'Mensagem no Microsoft Teams',
    discord: 'Mensagem no Discord',
  } satisfies Record<WebhookFormat, string>,
  format: 'Formato',
  signing: 'Assinatura',
  ownSecret: 'segredo próprio deste destino',
  sharedSecret: 'WEBHOOK_SECRET',
  state: 'Situação',
  active: 'Ativo',
  disabled: (when: string) =>
    `Desativado em ${when}: o destino respondeu 410 (não quer mais receber). O que chegar fica na fila até ele ser reativado.`,
  unlisted: 'Fora da configuração: nada novo vai para ele; o que ficou na fila não é enviado.',
  pending: 'Na fila',
  failed: 'Separados depois de 10 tentativas',
  deliveredLastWeek: 'Entregues nos últimos 7 dias',
  oldestUndelivered: 'Mais antigo ainda não entregue',
  lastSuccess: 'Última entrega',
  lastError: 'Último erro',
  never: 'nunca',
  nothingWaiting: '—',
  errorAt: (when: string, error: string) => `${when}: ${error}`,
  retry: 'Tentar agora',
  retryHint:
    'Reativa o destino e tenta agora tudo o que ele ainda não recebeu, inclusive o que foi separado. Quem guarda o webhook-id recebe cada evento uma vez só.',
  /** What a redirect after one of its actions says at the top of the page (layout/notices.ts). */
  notices: {
    webhookRetrying: (count: number) =>
      `${plural(count, 'envio vai', 'envios vão')} ser tentado${count === 1 ? '' : 's'} de novo nos próximos segundos.`,
    webhookEnabled: 'Destino reativado. Não havia nada na fila para ele.',
  },
} as const
