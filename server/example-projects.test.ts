import { exampleProjectsProblem, exampleProjectsWarning } from './example-projects.ts'

const examples = [
  { slug: 'padaria', title: 'Encomendas online' },
  { slug: 'clinica', title: 'Agenda online' },
]

describe("the demo's example projects, as a start reads them from the build", () => {
  it('refuse a production start, naming each, unless the site is a demonstration', () => {
    const problem = exampleProjectsProblem({ NODE_ENV: 'production' }, examples)
    expect(problem).toBe(
      'NODE_ENV=production with the demo\'s example projects published: /projetos/padaria ("Encomendas online"); /projetos/clinica ("Agenda online"). Replace them with your company\'s own in src/content/projects/ (or remove them) and run npm run build, or set DEMO_SITE=true to run a demonstration.',
    )
    expect(
      exampleProjectsProblem({ NODE_ENV: 'production', DEMO_SITE: 'true' }, examples),
    ).toBeUndefined()
    expect(
      exampleProjectsProblem({ NODE_ENV: 'production', DEMO_SITE: ' TRUE ' }, examples),
    ).toBeUndefined()
  })

  it('let a development start and a site without them go on; the warning names them', () => {
    expect(exampleProjectsProblem({}, examples)).toBeUndefined()
    expect(exampleProjectsProblem({ NODE_ENV: 'production' }, [])).toBeUndefined()
    expect(exampleProjectsWarning([])).toBeUndefined()
    expect(exampleProjectsWarning(examples)).toContain(
      '/projetos/padaria ("Encomendas online"); /projetos/clinica ("Agenda online")',
    )
  })
})
