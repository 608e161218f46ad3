import { contactFacts } from './site.ts'

export interface ProcessStep {
  readonly id: string
  readonly title: string
  /** How long the step takes, as a client plans it: "1 semana", "4 a 12 semanas". */
  readonly duration: string
  readonly description: string
}

/**
 * How a project runs with the company, in the order it happens: the landing page's strip under
 * the services. Empty, the section is not drawn. The demo's steps are how the demo company says
 * it works (not a client's claim); a fork writes its own. The first is the free consultation,
 * so its length is the company's (company-facts.ts).
 */
export const processSection = {
  title: 'Como um projeto acontece',
} as const

export const processSteps: readonly ProcessStep[] = [
  {
    id: 'conversa',
    title: 'Conversa inicial',
    duration: contactFacts.consultation,
    description: 'Gratuita: o problema, o prazo e o orçamento.',
  },
  {
    id: 'proposta',
    title: 'Proposta',
    duration: '1 semana',
    description: 'Escopo, cronograma e preço, por escrito.',
  },
  {
    id: 'construcao',
    title: 'Desenvolvimento',
    duration: '4 a 12 semanas',
    description: 'Uma entrega a cada duas semanas, para você testar.',
  },
  {
    id: 'lancamento',
    title: 'Lançamento',
    duration: '2 semanas',
    description: 'No ar, medido e acompanhado de perto.',
  },
]
