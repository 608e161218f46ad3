import { legalIdentity, whatsappChat } from './legal.ts'
import { brand, companyName, contactFacts } from './site.ts'

/** One part of the notice: a heading, what it says, and an optional list after the text. */
export interface PrivacySection {
  readonly id: string
  readonly title: string
  readonly paragraphs: readonly string[]
  readonly items?: readonly string[]
}

/**
 * How long a message that looks automated waits for the team's review: the default of
 * quarantine_days (supabase/migrations/20261124000301_quarantine.sql, QUARANTINE_DAYS). A test
 * holds the two together; whoever sets QUARANTINE_DAYS otherwise changes this too.
 */
export const QUARANTINE_DAYS_IN_NOTICE = 14

/**
 * The privacy notice (LGPD, Lei nº 13.709/2018, arts. 9 and 18) for what the contact form
 * stores. Each fact matches the code: the columns of contact_submissions, the flood counters
 * of supabase/migrations/20261122000200_contact_guard.sql (deleted after a day by
 * private.claim_due_mail), the quarantine of 20261124000301_quarantine.sql (with the
 * attribution of 20261126000400_quarantine_attribution.sql), the bookings of
 * 20261125000000_bookings.sql and 20261125000200_booking_calls.sql (a booking is a lead: the
 * same erasure, and retention counted from the meeting, docs/decisions/026-booking.md) and the
 * erasure and retention of the lead desk. Change them together.
 */
export const privacyNotice = {
  title: 'Política de Privacidade',
  documentTitle: `Política de Privacidade | ${brand.name}`,
  description: `O que ${companyName.the} guarda quando você envia o formulário de contato ou agenda uma reunião, para quê, por quanto tempo, quem recebe e como pedir acesso ou exclusão dos seus dados.`,
  intro: `Esta página explica o que acontece com os dados que você envia pelo formulário de contato ou ao agendar uma reunião, como pede a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018). Quem decide sobre esses dados e responde por eles é ${companyName.the}, de ${contactFacts.city}.`,
  sections: [
    {
      id: 'o-que-guardamos',
      title: 'O que guardamos',
      paragraphs: ['Quando você envia o formulário, guardamos:'],
      items: [
        'o seu nome e o seu e-mail;',
        'o nome da sua empresa, se você o informar;',
        'a sua mensagem;',
        'a data e a hora do envio;',
        'o endereço de rede (IP) de onde a mensagem veio, para limitar abusos, como envios em massa;',
        'as respostas que enviamos a você pelo nosso painel, com a data e a hora de cada uma, e quando a sua mensagem foi respondida pela primeira vez, para medirmos se cumprimos o prazo de resposta.',
      ],
    },
    {
      id: 'limite-de-envios',
      title: 'Limite de envios',
      paragraphs: [
        'Para limitar abusos, contamos os envios de cada endereço de rede, minuto a minuto. Cada contador guarda só o endereço (no IPv6, apenas a parte inicial, que identifica a rede), o minuto e quantas mensagens vieram dele, e é apagado depois de um dia.',
        'Do mesmo modo contamos os pedidos que o site faz ao nosso servidor em seu nome (ler os horários livres, agendar, enviar o formulário, contar uma visita): o contador guarda o endereço de rede, o minuto e quantos pedidos vieram dele, e é apagado depois de dois minutos.',
      ],
    },
    {
      id: 'mensagens-automaticas',
      title: 'Mensagens que parecem automáticas',
      paragraphs: [
        'Alguns sinais indicam que uma mensagem foi enviada por um programa, e não por uma pessoa: por exemplo, ela chegou poucos segundos depois de a página abrir, ou um campo que fica escondido de quem visita o site veio preenchido. Você recebe a mesma confirmação de envio, mas essa mensagem fica guardada à parte.',
        `Dela guardamos o seu nome, o seu e-mail, o nome da empresa (se você o informar), a mensagem, a data e a hora do envio, de onde você veio (veja abaixo), o endereço de rede de onde ela veio (para que uma só rede não ocupe todo o espaço reservado a elas) e qual sinal ela mostrou. Ela não é encaminhada automaticamente para ninguém: alguém da nossa equipe a revisa e, se foi escrita por uma pessoa, passa a tratá-la como qualquer outro contato. As que não forem recuperadas são apagadas depois de ${QUARANTINE_DAYS_IN_NOTICE} dias.`,
      ],
    },
    {
      id: 'reunioes-agendadas',
      title: 'Reuniões agendadas pelo site',
      paragraphs: ['Quando você agenda uma consultoria gratuita, guardamos:'],
      items: [
        'o seu nome, o seu e-mail e o nome da sua empresa, se você o informar;',
        'o assunto sobre o qual você quer conversar;',
        'o dia e o horário da reunião, e as mudanças que você fizer (remarcar ou cancelar, com a mensagem que deixar ao cancelar);',
        'o fuso horário do seu navegador, para escrever o horário da reunião no seu relógio;',
        'o link da sala de vídeo da reunião;',
        'uma impressão digital do link para confirmar, remarcar ou cancelar, e outra do código que a página usa para desfazer o pedido se você errar o e-mail (cada uma calculada a partir do original, que serve para reconhecê-lo mas não para refazê-lo): o link em si só você recebe, por e-mail;',
        'a data e a hora do agendamento, quando você o confirmou, e o endereço de rede de onde ele veio (o IP) e a rede a que ele pertence, para limitar abusos: cada endereço e cada rede podem fazer poucos agendamentos por dia;',
        'os e-mails enviados a você e à nossa equipe: o pedido de confirmação, e depois a confirmação, o lembrete, as mudanças e o cancelamento.',
      ],
    },
    {
      id: 'confirmacao-por-e-mail',
      title: 'Confirmação por e-mail',
      paragraphs: [
        'Um agendamento só vira reunião quando você o confirma pelo link que enviamos ao seu e-mail; até lá, o horário fica reservado por pouco tempo. Assim ninguém marca reuniões, nem faz a empresa mandar e-mails, em nome de outra pessoa. O e-mail de confirmação não leva nada do que foi digitado no formulário: só o horário e o link. O agendamento que não é confirmado a tempo fica guardado como os outros contatos, marcado como não confirmado.',
        'Para que ninguém encha a caixa de entrada de outra pessoa, contamos quantos pedidos de confirmação cada endereço de e-mail recebe por dia. Dessa contagem guardamos só uma impressão digital do endereço (um código calculado a partir dele, que não permite lê-lo) e o horário de cada pedido, e apagamos tudo depois de dois dias.',
        'Se a nossa equipe bloquear uma rede por abuso, ninguém dessa rede consegue agendar nem enviar o formulário de contato por 30 dias; a página diz como falar com a gente por e-mail ou telefone. O bloqueio guarda só o endereço da rede, o motivo e as datas.',
      ],
    },
    {
      id: 'de-onde-voce-veio',
      title: 'De onde você veio',
      paragraphs: [
        'Com a mensagem ou o agendamento, guardamos também como você chegou ao site, se isso estiver no endereço da página ou for informado pelo navegador: o site que trouxe você até aqui (só o endereço principal dele, como https://www.google.com, nunca a página exata), os parâmetros de campanha do link (utm_source, utm_medium, utm_campaign, utm_term e utm_content) e a primeira página que você abriu. Isso nos diz quais anúncios e publicações funcionam. Fica guardado com o seu contato e é apagado com ele.',
        'Para isso não guardamos nada no seu aparelho: quando você passa de uma página do site para outra, essas informações seguem no endereço dos links do próprio site.',
      ],
    },
    {
      id: 'contagem-de-visitas',
      title: 'Contagem de visitas',
      paragraphs: [
        'Contamos as visitas às páginas do site, sem cookies e sem dados pessoais: a cada página aberta, o site avisa o nosso próprio servidor, que soma um a um contador do dia com a página, o tipo de aparelho (celular, tablet ou computador, pela largura da tela) e a origem da visita (o site que trouxe você ou a campanha do link). Não guardamos o seu endereço de rede, nenhum identificador nem o horário exato, e nada é enviado a outras empresas. Esses totais não permitem saber quem visitou o site.',
        'Para que uma só rede não distorça as contas, o servidor reconhece a rede de cada visita por um código de mão única, calculado com um segredo que muda todo dia: o código vale um minuto para somar as visitas dessa rede e até o fim do dia para as origens novas que ela trouxe, e depois que o segredo do dia é apagado não há como saber de que rede ele era.',
      ],
    },
    {
      id: 'para-que-usamos',
      title: 'Para que usamos',
      paragraphs: [
        'Só para responder ao seu contato e conversar sobre o que você pediu, como um orçamento ou uma reunião. Não enviamos propaganda e não vendemos os seus dados.',
        'Fazemos isso com o seu consentimento, dado ao enviar o formulário, e para os passos que antecedem um contrato que você queira fazer conosco (LGPD, art. 7º, incisos I e V).',
      ],
    },
    {
      id: 'quem-recebe',
      title: 'Quem recebe',
      paragraphs: [
        `A equipe ${companyName.of}, pela caixa de e-mail ${contactFacts.email} e pelas ferramentas de trabalho da equipe que avisam de novos contatos e reuniões (como o chat da equipe ou o sistema de vendas). Os dados passam também pelos serviços que usamos para hospedar o site e o banco de dados e para entregar esses avisos, e não os compartilhamos com mais ninguém.`,
        'Uma reunião agendada acontece numa sala de vídeo na internet, pelo link que enviamos com a confirmação. Ao entrar na sala, valem também as regras de privacidade do serviço de vídeo que a abre.',
        ...(whatsappChat.href
          ? [
              'Se você preferir falar pelo WhatsApp, o link do site só abre uma conversa com o nosso número, com uma mensagem que você pode mudar antes de enviar: nada dessa conversa passa pelo site, e nela valem também as regras de privacidade do WhatsApp. Nós não começamos conversas pelo WhatsApp com quem não nos chamou.',
            ]
          : []),
      ],
    },
    {
      id: 'por-quanto-tempo',
      title: 'Por quanto tempo',
      paragraphs: [
        'Pelo tempo necessário para responder e acompanhar a conversa com você, e então apagamos a mensagem e os dados que vieram com ela. Se você pedir, apagamos antes.',
        'Uma reunião agendada é guardada como qualquer outro contato e apagada com ele, com os e-mails dela. Enquanto a reunião não acontece, ela não é apagada pelo prazo de guarda: esse prazo conta a partir da data da reunião. Até a hora da reunião, você pode cancelá-la pelo link do e-mail; a reunião cancelada fica guardada, com a mensagem que você deixar, até o fim desse mesmo prazo. Se você pedir a exclusão dos seus dados, apagamos também as suas reuniões, canceladas ou não.',
        'Guardamos também cópias de segurança do banco de dados, com os mesmos dados, protegidas como ele e substituídas pelas mais novas a cada poucos dias. Quando você pede a exclusão, anotamos apenas um código irreversível calculado a partir do seu e-mail (nunca o próprio e-mail), para apagar você de novo se um dia precisarmos restaurar uma cópia mais antiga.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      paragraphs: [
        'Este site não usa cookies nem guarda nada no seu aparelho, não usa ferramentas de rastreamento ou de publicidade e não carrega nada de outros sites. As visitas são contadas pelo nosso próprio servidor, como explicado acima.',
      ],
    },
  ] satisfies readonly PrivacySection[],
  /**
   * Who decides about the data and answers for it (LGPD arts. 5 and 41): the razão social, the
   * CNPJ and the encarregado, whose e-mail is a link. Shown before the rights.
   */
  controller: {
    id: 'quem-e-responsavel',
    title: 'Quem é responsável pelos seus dados',
    paragraphs: [
      `${companyName.The} é o nome comercial de ${legalIdentity.name}, ${legalIdentity.cnpj}, de ${contactFacts.city}, que decide sobre os dados descritos aqui e responde por eles.`,
    ],
    officer: {
      before: `O encarregado pelo tratamento de dados pessoais (LGPD, art. 41) é ${legalIdentity.officerName}, que recebe as suas dúvidas, pedidos e reclamações sobre os seus dados pelo e-mail `,
      email: legalIdentity.officerEmail,
      subject: legalIdentity.officerSubject,
      after: '.',
    },
  },
  /**
   * The last section: the visitor's rights, and how to ask: the encarregado's e-mail (a mailto
   * link), the channel LGPD art. 41 gives for it, not the sales inbox.
   */
  rights: {
    id: 'seus-direitos',
    title: 'Os seus direitos',
    paragraphs: ['Pela LGPD (art. 18), você pode, a qualquer momento e sem custo:'],
    items: [
      'confirmar se temos dados seus;',
      'ter acesso a eles;',
      'corrigir dados incompletos, errados ou desatualizados;',
      'pedir que sejam apagados;',
      'revogar o seu consentimento.',
    ],
    request: {
      before: 'Para fazer qualquer um desses pedidos, escreva para ',
      email: legalIdentity.officerEmail,
      subject: 'Pedido sobre os meus dados',
      after: ', de preferência do mesmo e-mail que você usou no formulário.',
    },
    authority:
      'Se achar que o seu pedido não foi atendido, você também pode recorrer à Autoridade Nacional de Proteção de Dados (ANPD).',
  },
} as const

/** The link to the notice, in the footer of every page. */
export const privacyLink = { label: privacyNotice.title } as const
