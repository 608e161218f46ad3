import { plural } from '../layout/layout-copy.ts'

/** The quarantine's words, in Portuguese (Brazil): its page and the notices after its actions. */
export const quarantineCopy = {
  title: 'Quarentena',
  intro: (days: number) =>
    `Mensagens que pareciam enviadas por um programa, e não por uma pessoa. Quem as enviou viu a confirmação de sempre, mas nenhuma foi encaminhada por e-mail. Restaure as que foram escritas por pessoas: elas viram contatos e a notificação é enviada. As outras são apagadas sozinhas ${plural(days, 'dia', 'dias')} depois de chegar.`,
  total: (count: number) => plural(count, 'mensagem em quarentena', 'mensagens em quarentena'),
  empty: 'Nenhuma mensagem em quarentena.',
  full: (max: number) =>
    `A quarentena está cheia (${plural(max, 'mensagem', 'mensagens')}): só entram, até o dobro, mensagens suspeitas de redes que quase não têm nenhuma aqui; as demais são recusadas, com um aviso para tentar mais tarde ou escrever ou ligar. Apague as que forem lixo para abrir espaço.`,
  /** Followed by the visitor's name, isolated (layout/visitor-text.tsx). */
  entryHeading: 'Mensagem de',
  received: 'Recebida em',
  email: 'E-mail',
  company: 'Empresa',
  source: 'Origem',
  /** Between the source and its campaign (utm_campaign), when there is one. */
  campaignSeparator: ' · campanha ',
  reason: 'Por que está aqui',
  reasons: {
    trap_filled:
      'Veio com o campo escondido preenchido, o que robôs fazem (e, às vezes, o preenchimento automático do navegador).',
    too_fast:
      'Foi enviada poucos segundos depois de a página abrir, mais rápido do que uma pessoa costuma escrever.',
  },
  message: 'Mensagem',
  restore: 'Restaurar como contato',
  delete: 'Apagar',
  emptyHeading: 'Apagar todas',
  emptyHint: 'Apaga todas as mensagens em quarentena, de todas as páginas. Não dá para desfazer.',
  emptyConfirm: 'Confirmo que quero apagar todas as mensagens em quarentena.',
  emptySubmit: 'Apagar todas',
  pager: 'Páginas da quarentena',
  /** What a redirect after one of its actions says at the top of the page (layout/notices.ts). */
  notices: {
    restored: 'Mensagem restaurada: agora é um contato, e a notificação foi enviada por e-mail.',
    restoredMailFailed:
      'Mensagem restaurada: agora é um contato. A notificação por e-mail não saiu agora; ela será tentada de novo automaticamente.',
    restoreRefused:
      'Esta mensagem não pôde ser restaurada: ela não segue as regras do formulário de contato.',
    quarantineDeleted: 'Mensagem apagada da quarentena.',
    quarantineEmptied: (count: number) =>
      `${plural(count, 'mensagem apagada', 'mensagens apagadas')} da quarentena.`,
    quarantineUnconfirmed: 'Marque a confirmação para apagar todas as mensagens.',
  },
} as const
