import { render, screen, within } from '@testing-library/react'
import { processSteps } from '../content/process.ts'
import { team, type TeamMember } from '../content/team.ts'
import { Process } from './process.tsx'
import { Team } from './team.tsx'

/** What a company would write into src/content/team.ts: made up here, for the test only. */
const people: TeamMember[] = [
  { id: 'ana', name: 'Ana Beatriz Souza', role: 'Engenharia' },
  {
    id: 'rui',
    name: 'Rui Lima',
    role: 'Design',
    photo: { src: '/time/rui.webp', width: 160, height: 160 },
  },
]

describe('the process and the team: optional content', () => {
  it('draws the steps in order, each with its duration, as an ordered list without numbers', () => {
    render(<Process />)
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(screen.getByRole('list').tagName).toBe('OL')
    expect(items).toHaveLength(processSteps.length)
    processSteps.forEach((step, i) => {
      expect(items[i]).toHaveTextContent(step.title)
      expect(items[i]).toHaveTextContent(step.duration)
      expect(items[i]?.textContent).not.toMatch(/^\s*0?\d/)
    })
  })

  it('draws nothing without steps', () => {
    const { container } = render(<Process steps={[]} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('names no one in the demo, and draws nothing without people', () => {
    expect(team).toEqual([])
    const { container } = render(<Team />)
    expect(container).toBeEmptyDOMElement()
  })

  it('names each person with their role, and a photo or the initials', () => {
    render(<Team members={people} />)
    const items = screen.getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Ana Beatriz Souza')
    expect(items[0]).toHaveTextContent('AS')
    expect(items[1]).toHaveTextContent('Design')
    expect(items[1]?.querySelector('img')).toHaveAttribute('src', '/time/rui.webp')
  })
})
