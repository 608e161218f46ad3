import type { Project } from './project.ts'

/** The demo company's example (`example: true`): replace it with your own work, or remove it. */
export const clinicaValeVerde = {
  slug: 'clinica-vale-verde',
  title: 'Agenda online e lembretes para uma clínica odontológica',
  client: {
    name: 'Clínica Odontológica Vale Verde',
    sector: 'Saúde',
    city: 'Sorocaba, SP',
  },
  summary: 'Os pacientes marcam e remarcam a consulta sozinhos, e recebem um lembrete na véspera.',
  problem:
    'A recepção passava boa parte do dia ao telefone marcando e remarcando consultas. Sem lembrete, um em cada cinco pacientes faltava, e o horário vago raramente era preenchido a tempo.',
  built:
    'Uma agenda online integrada ao sistema da clínica, com lembrete por WhatsApp na véspera e um link para confirmar, remarcar ou cancelar. Quando alguém cancela, a lista de espera é avisada do horário livre.',
  result: { value: '31%', label: 'menos faltas nos seis meses após a implantação' },
  stack: ['Next.js', 'TypeScript', 'PostgreSQL', 'WhatsApp Business API'],
  images: [
    {
      file: 'clinica-agenda.svg',
      alt: 'A agenda da clínica no computador: a semana por dentista, com as consultas confirmadas em destaque e um horário vago tracejado.',
      width: 1200,
      height: 750,
    },
    {
      file: 'clinica-lembrete.svg',
      alt: 'O lembrete da véspera no celular do paciente, com as opções de confirmar ou remarcar.',
      width: 1200,
      height: 750,
    },
  ],
  quote: {
    text: 'A recepção voltou a atender quem está na clínica. Remarcar, os próprios pacientes fazem pelo link.',
    name: 'Paulo Menezes',
    role: 'Diretor clínico',
  },
  year: 2024,
  featured: true,
  example: true,
} as const satisfies Project
