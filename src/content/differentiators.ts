import type { LucideIcon } from 'lucide-react'
import { Award, BadgeCheck, Rocket, Sparkles, Target, Users } from 'lucide-react'
import { brand, companyName } from './site.ts'

export interface Differentiator {
  readonly id: string
  readonly icon: LucideIcon
  readonly title: string
  readonly description: string
}

/**
 * Why choose the company: its badge, its description and each reason are the demo company's
 * claims until a fork writes its own (`npm run check:company` names those left, decision 075).
 */
export const aboutSection = {
  badge: 'Time experiente',
  experience: brand.experience,
  title: `Por que escolher ${companyName.the}?`,
  description:
    'Unimos experiência técnica e proximidade com o cliente para entregar software que resolve problemas reais.',
} as const

export const differentiators = [
  {
    id: 'results',
    icon: Target,
    title: 'Foco em Resultados',
    description: 'Cada entrega é pensada para gerar valor mensurável para o seu negócio.',
  },
  {
    id: 'team',
    icon: Users,
    title: 'Equipe Especializada',
    description: 'Profissionais experientes em desenvolvimento, design, nuvem e segurança.',
  },
  {
    id: 'innovation',
    icon: Sparkles,
    title: 'Inovação Constante',
    description: 'Acompanhamos as novidades do mercado e aplicamos o que de fato faz diferença.',
  },
  {
    id: 'quality',
    icon: BadgeCheck,
    title: 'Qualidade Garantida',
    description: 'Testes automatizados, revisão de código e padrões rigorosos em cada projeto.',
  },
  {
    id: 'agile',
    icon: Rocket,
    title: 'Entrega Ágil',
    description: 'Ciclos curtos e comunicação transparente: você acompanha cada etapa do trabalho.',
  },
  {
    id: 'excellence',
    icon: Award,
    title: 'Excelência Técnica',
    description: 'Código limpo, bem documentado e fácil de manter, pronto para crescer com você.',
  },
] as const satisfies readonly Differentiator[]
