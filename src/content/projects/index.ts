import { clinicaValeVerde } from './clinica-vale-verde.ts'
import { distribuidoraSerraAzul } from './distribuidora-serra-azul.ts'
import { padariaTrigoDourado } from './padaria-trigo-dourado.ts'
import type { Project } from './project.ts'

export type { Project, ProjectImage, ProjectQuote, ProjectResult } from './project.ts'

/**
 * The company's projects, in the order the site shows them. The three here are the demo
 * company's examples (each `example: true`): `npm run build` names them and a production start
 * refuses to publish them. Replace them with your own (a file each, like these), or empty the
 * list: with no project, the site shows no band, no /projetos and no link to them.
 */
export const projects: readonly Project[] = [
  padariaTrigoDourado,
  clinicaValeVerde,
  distribuidoraSerraAzul,
]
