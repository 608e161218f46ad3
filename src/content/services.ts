import type { LucideIcon } from 'lucide-react'
import {
  Cloud,
  CodeXml,
  Lightbulb,
  Palette,
  Server,
  ShieldCheck,
  Smartphone,
  Workflow,
} from 'lucide-react'

export interface Service {
  readonly id: string
  readonly icon: LucideIcon
  readonly title: string
  readonly description: string
  /** Tailwind gradient stops for the icon tile; written out in full so Tailwind finds them. */
  readonly gradient: string
  /** Tailwind shadow colour of the card, matching its gradient. */
  readonly shadow: string
}

export const servicesSection = {
  badge: 'Nossos Serviços',
  title: 'Soluções completas para o seu negócio',
  description:
    'Do planejamento à entrega, cuidamos de cada etapa para que a tecnologia trabalhe a favor dos seus resultados.',
} as const

export const services = [
  {
    id: 'web',
    icon: CodeXml,
    title: 'Desenvolvimento Web',
    description:
      'Sites e aplicações web rápidos, acessíveis e escaláveis, feitos com React, Next.js e TypeScript.',
    gradient: 'from-blue-500 to-cyan-500',
    shadow: 'shadow-blue-500/15 hover:shadow-blue-500/30',
  },
  {
    id: 'mobile',
    icon: Smartphone,
    title: 'Apps Mobile',
    description:
      'Aplicativos para iOS e Android com React Native e Flutter, com experiência nativa e um só código.',
    gradient: 'from-violet-500 to-purple-500',
    shadow: 'shadow-violet-500/15 hover:shadow-violet-500/30',
  },
  {
    id: 'backend',
    icon: Server,
    title: 'Backend & APIs',
    description:
      'APIs REST e GraphQL e microsserviços em Node.js e Python, seguros e prontos para crescer.',
    gradient: 'from-emerald-500 to-teal-500',
    shadow: 'shadow-emerald-500/15 hover:shadow-emerald-500/30',
  },
  {
    id: 'cloud',
    icon: Cloud,
    title: 'Cloud Solutions',
    description:
      'Arquitetura, migração e operação na nuvem com AWS, Azure e Google Cloud, com custos sob controle.',
    gradient: 'from-sky-500 to-blue-600',
    shadow: 'shadow-sky-500/15 hover:shadow-sky-500/30',
  },
  {
    id: 'design',
    icon: Palette,
    title: 'UI/UX Design',
    description:
      'Interfaces bonitas e fáceis de usar, desenhadas a partir de pesquisa com usuários e protótipos.',
    gradient: 'from-pink-500 to-rose-500',
    shadow: 'shadow-pink-500/15 hover:shadow-pink-500/30',
  },
  {
    id: 'consulting',
    icon: Lightbulb,
    title: 'Consultoria Técnica',
    description:
      'Apoio na escolha de tecnologias, revisão de arquitetura e planejamento para decisões mais seguras.',
    gradient: 'from-amber-500 to-orange-500',
    shadow: 'shadow-amber-500/15 hover:shadow-amber-500/30',
  },
  {
    id: 'security',
    icon: ShieldCheck,
    title: 'Segurança Digital',
    description:
      'Auditorias, boas práticas de proteção de dados e conformidade com a LGPD em todo o ciclo do produto.',
    gradient: 'from-red-500 to-rose-600',
    shadow: 'shadow-red-500/15 hover:shadow-red-500/30',
  },
  {
    id: 'automation',
    icon: Workflow,
    title: 'Automação',
    description:
      'Pipelines de CI/CD, testes automatizados e automação de processos para entregar mais com menos esforço.',
    gradient: 'from-indigo-500 to-violet-600',
    shadow: 'shadow-indigo-500/15 hover:shadow-indigo-500/30',
  },
] as const satisfies readonly Service[]
