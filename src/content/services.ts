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
  /** The group it is shown in (serviceGroups): what kind of work it is. */
  readonly group: ServiceGroup['id']
}

export interface ServiceGroup {
  readonly id: 'build' | 'run' | 'shape'
  /** A short name over the group. */
  readonly label: string
  /** One line on what the group's services have in common. */
  readonly summary: string
}

/**
 * The eight services read as three kinds of work, so a visitor sees what the company does as
 * a whole before reading each one. In the order the services are listed, the flagship first.
 */
export const serviceGroups = [
  {
    id: 'build',
    label: 'Construção',
    summary: 'Produtos digitais completos, da interface à API, no ar e prontos para crescer.',
  },
  {
    id: 'run',
    label: 'Operação e escala',
    summary: 'O que mantém o produto rápido, seguro e entregando sem sustos.',
  },
  {
    id: 'shape',
    label: 'Estratégia e design',
    summary: 'Antes e ao lado do código: o que construir, para quem e como.',
  },
] as const satisfies readonly ServiceGroup[]

export const servicesSection = {
  badge: 'Nossos Serviços',
  title: 'Soluções completas para o seu negócio',
  description:
    'Do planejamento à entrega, cuidamos de cada etapa para que a tecnologia trabalhe a favor dos seus resultados.',
} as const

export const services = [
  {
    id: 'web',
    group: 'build',
    icon: CodeXml,
    title: 'Desenvolvimento Web',
    description:
      'Sites e aplicações web rápidos, acessíveis e escaláveis, feitos com React, Next.js e TypeScript.',
  },
  {
    id: 'mobile',
    group: 'build',
    icon: Smartphone,
    title: 'Apps Mobile',
    description:
      'Aplicativos para iOS e Android com React Native e Flutter, com experiência nativa e um só código.',
  },
  {
    id: 'backend',
    group: 'build',
    icon: Server,
    title: 'Backend & APIs',
    description:
      'APIs REST e GraphQL e microsserviços em Node.js e Python, seguros e prontos para crescer.',
  },
  {
    id: 'cloud',
    group: 'run',
    icon: Cloud,
    title: 'Cloud Solutions',
    description:
      'Arquitetura, migração e operação na nuvem com AWS, Azure e Google Cloud, com custos sob controle.',
  },
  {
    id: 'design',
    group: 'shape',
    icon: Palette,
    title: 'UI/UX Design',
    description:
      'Interfaces bonitas e fáceis de usar, desenhadas a partir de pesquisa com usuários e protótipos.',
  },
  {
    id: 'consulting',
    group: 'shape',
    icon: Lightbulb,
    title: 'Consultoria Técnica',
    description:
      'Apoio na escolha de tecnologias, revisão de arquitetura e planejamento para decisões mais seguras.',
  },
  {
    id: 'security',
    group: 'run',
    icon: ShieldCheck,
    title: 'Segurança Digital',
    description:
      'Auditorias, boas práticas de proteção de dados e conformidade com a LGPD em todo o ciclo do produto.',
  },
  {
    id: 'automation',
    group: 'run',
    icon: Workflow,
    title: 'Automação',
    description:
      'Pipelines de CI/CD, testes automatizados e automação de processos para entregar mais com menos esforço.',
  },
] as const satisfies readonly Service[]
