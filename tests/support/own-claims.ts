import type { ClaimedContent } from '../../server/demo-claims.ts'

/**
 * What a company that made the demo's claims its own could say of itself (src/content/ and
 * brand.ts's mark), for the tests of `npm run check:company`'s section on the demo's words and
 * look. Nothing in it is the demo's: a test changes one part back to see it named.
 */
export const ownClaimedContent: ClaimedContent = {
  site: {
    brand: {
      tagline: 'Sistemas para o campo e a cidade',
      experience: 'Desde 2011 no Cerrado',
    },
    hero: {
      titleLead: 'Software que',
      titleHighlight: 'colhe resultados',
      description: 'Aplicativos e sistemas feitos com quem trabalha no campo, do piloto à safra.',
    },
    seo: { description: 'Aplicativos e sistemas para cooperativas e produtores rurais.' },
    layoutText: { footerTagline: 'Tecnologia com os pés no chão.' },
  },
  about: {
    aboutSection: {
      badge: 'Gente do campo',
      description: 'Conhecemos a rotina de quem planta, e escrevemos software para ela.',
    },
    differentiators: [
      {
        id: 'field',
        title: 'Testado na lavoura',
        description: 'Cada versão roda antes numa fazenda parceira.',
      },
      {
        id: 'offline',
        title: 'Funciona sem sinal',
        description: 'Os aplicativos guardam tudo e sincronizam quando a rede volta.',
      },
    ],
  },
  process: {
    steps: [
      {
        id: 'visita',
        title: 'Visita à fazenda',
        duration: '1 dia',
        description: 'Vemos a rotina de perto antes de propor qualquer coisa.',
      },
      {
        id: 'proposta',
        title: 'Proposta',
        duration: '3 dias',
        description: 'O que faremos, em quanto tempo e por quanto.',
      },
    ],
  },
  logo: {
    viewBox: '0 0 32 32',
    tileRadius: 16,
    strokes: ['M16 24V10', 'M16 14c-3-1-5-3-5-6', 'M16 17c3-1 5-3 5-6'],
    strokeWidth: 2.5,
    fills: [],
  },
  privacyNoticeDate: '2027-02-08',
}
