import type { Project } from './project.ts'

/** The demo company's example (`example: true`): replace it with your own work, or remove it. */
export const padariaTrigoDourado = {
  slug: 'padaria-trigo-dourado',
  title: 'Encomendas online para uma padaria de bairro',
  client: {
    name: 'Padaria Trigo Dourado',
    sector: 'Alimentação e varejo',
    city: 'Campinas, SP',
  },
  summary: 'Um site de encomendas ligado à produção da cozinha, no lugar do caderno e do telefone.',
  problem:
    'As encomendas de bolos e salgados chegavam por telefone e WhatsApp e eram anotadas num caderno no balcão. Nos fins de semana, pedidos se perdiam entre um atendimento e outro, e a cozinha só sabia o que produzir depois que o movimento começava.',
  built:
    'Um site de encomendas com horários de retirada e pagamento antecipado por Pix, ligado à planilha de produção que a cozinha já usava. O balcão confirma e entrega cada pedido num painel simples, no tablet.',
  result: { value: '42%', label: 'das encomendas chegam pelo site, três meses depois' },
  stack: ['React', 'Node.js', 'PostgreSQL', 'Pix', 'Google Sheets API'],
  images: [
    {
      file: 'padaria-encomendas.svg',
      alt: 'A página de encomendas no celular, com os produtos e seus preços, ao lado da escolha do horário de retirada.',
      width: 1200,
      height: 750,
    },
  ],
  quote: {
    text: 'Hoje a cozinha começa o dia sabendo o que produzir, e o telefone parou de tocar no meio da fornada.',
    name: 'Marta Ribeiro',
    role: 'Sócia-proprietária',
  },
  year: 2025,
  featured: true,
  example: true,
} as const satisfies Project
