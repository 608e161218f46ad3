import { describe, expect, it } from 'vitest'
import { DeskTable, type DeskColumn } from './desk-table.tsx'

interface Week {
  week: string
  leads: number
  name: string
}

const columns: DeskColumn<Week>[] = [
  { heading: 'Semana de', rowHeader: true, cell: (row) => row.week },
  { heading: 'Contatos', cell: (row) => row.leads.toLocaleString('pt-BR') },
  { heading: 'Nome', class: 'email', cell: (row) => row.name },
]
const rows: Week[] = [{ week: '07/09', leads: 1200, name: '<b>Ana</b>' }]

const body =
  '<thead><tr><th scope="col">Semana de</th><th scope="col">Contatos</th><th scope="col">Nome</th></tr></thead>' +
  '<tbody><tr><th scope="row">07/09</th><td>1.200</td><td class="email">&lt;b&gt;Ana&lt;/b&gt;</td></tr></tbody>'

describe('the desk table', () => {
  it('is named by its caption, which its scrolling region repeats as its label', () => {
    expect(
      String(DeskTable({ id: 'semanas', name: { caption: 'Por semana' }, columns, rows })),
    ).toBe(
      '<div class="table-wrap" tabindex="0" role="region" aria-label="Por semana">' +
        `<table id="semanas"><caption>Por semana</caption>${body}</table></div>`,
    )
  })

  it('points its region at its caption when the caption has an id', () => {
    expect(
      String(DeskTable({ name: { caption: 'Contatos', captionId: 'titulo' }, columns, rows })),
    ).toBe(
      '<div class="table-wrap" role="region" aria-labelledby="titulo" tabindex="0">' +
        `<table><caption id="titulo">Contatos</caption>${body}</table></div>`,
    )
  })

  it('is named by a heading outside it, with no caption, and draws no row for no rows', () => {
    expect(String(DeskTable({ name: { labelledBy: 'dia' }, columns, rows: [] }))).toBe(
      '<div class="table-wrap" role="region" aria-labelledby="dia" tabindex="0">' +
        '<table aria-labelledby="dia"><thead><tr><th scope="col">Semana de</th><th scope="col">Contatos</th><th scope="col">Nome</th></tr></thead><tbody></tbody></table></div>',
    )
  })
})
