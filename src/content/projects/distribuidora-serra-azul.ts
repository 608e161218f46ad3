import type { Project } from './project.ts'

/** The demo company's example (`example: true`): replace it with your own work, or remove it. */
export const distribuidoraSerraAzul = {
  slug: 'distribuidora-serra-azul',
  title: 'Rotas e comprovantes de entrega para uma distribuidora',
  client: {
    name: 'Distribuidora Serra Azul',
    sector: 'Logística e distribuição',
    city: 'Juiz de Fora, MG',
  },
  summary:
    'Um aplicativo para os motoristas e um painel para o escritório, no lugar das rotas em papel.',
  problem:
    'As rotas do dia eram montadas à mão toda manhã e impressas para os motoristas. O comprovante de entrega voltava em papel no fim do dia, e o escritório só sabia de uma entrega não feita quando o cliente ligava.',
  built:
    'Um aplicativo para os motoristas, que funciona sem sinal e registra cada entrega com foto e assinatura, e um painel para o escritório que sugere as rotas a partir dos pedidos e mostra o andamento do dia.',
  result: { value: '2 h', label: 'a menos por dia para montar as rotas e conferir as entregas' },
  stack: ['React Native', 'Node.js', 'PostgreSQL', 'AWS'],
  images: [
    {
      file: 'distribuidora-app.svg',
      alt: 'O aplicativo do motorista com as entregas do dia e a próxima parada em destaque, ao lado do mapa da rota.',
      width: 1200,
      height: 750,
    },
  ],
  year: 2025,
  featured: true,
  example: true,
} as const satisfies Project
