import { brand } from './site.ts'

/**
 * The words around the company's projects: the home page's band, the index at /projetos and
 * each project's page. The projects themselves are in src/content/projects/.
 */
export const projectsText = {
  /** The header's, the phone menu's and the footer's link to the index. */
  navLabel: 'Projetos',
  band: {
    title: 'Trabalho entregue, com números',
    description: 'O que construímos para cada cliente e o que mudou depois.',
    allProjects: 'Ver todos os projetos',
  },
  index: {
    documentTitle: `Projetos | ${brand.name}`,
    title: 'Projetos entregues',
    description:
      'O problema de cada cliente, o que construímos e o que mudou depois, com um número que dá para conferir.',
    testimonialsTitle: 'O que dizem os clientes',
    clientsLabel: 'Empresas que confiam no nosso trabalho',
  },
  page: {
    /** Read after the project's title in the document's title. */
    documentTitle: (title: string) => `${title} | ${brand.name}`,
    problem: 'O desafio',
    built: 'O que construímos',
    result: 'O resultado',
    stack: 'Tecnologias',
    year: 'No ar desde',
    images: 'Imagens do projeto',
    nextTitle: 'Tem um desafio parecido?',
    nextDescription: 'Conte o que você precisa: respondemos com um primeiro caminho.',
  },
  breadcrumbsLabel: 'Você está em',
  home: 'Início',
  /** On every example of the demo, so no visitor takes it for a real client's work. */
  example: 'Exemplo',
  exampleNote:
    'Projeto de exemplo da demonstração: a empresa, as pessoas e os números são fictícios.',
} as const
