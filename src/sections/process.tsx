import { KeepWordsWhole } from '../components/keep-words-whole.tsx'
import { PageSection } from '../components/page-section.tsx'
import { processSection, processSteps, type ProcessStep } from '../content/process.ts'

/**
 * How a project runs, as one strip rather than a section heading over cards: the heading
 * beside a rail of steps on a wide screen, the steps along the rail's line with their
 * durations in the second colour; on a phone a compact vertical rail. An ordered list, not
 * numbered: the order is the list's, and numbers on the page stay the services' groups
 * (decision 077). Nothing is drawn while the company lists no step.
 */
export function Process({ steps = processSteps }: { steps?: readonly ProcessStep[] }) {
  if (steps.length === 0) return null
  return (
    <PageSection id="process" className="border-y border-line bg-subtle">
      <div className="mx-auto grid max-w-page gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[14rem_1fr] lg:py-20">
        <h2 id="process-title" className="text-3xl leading-tight font-heading tracking-display">
          {processSection.title}
        </h2>
        <ol className="grid border-l-2 border-line sm:grid-cols-4 sm:border-t-2 sm:border-l-0">
          {steps.map((step) => (
            <li
              key={step.id}
              className="relative flex flex-col gap-1 pb-6 pl-6 before:absolute before:top-2 before:-left-1.5 before:size-2.5 before:rounded-full before:bg-second last:pb-0 sm:pt-6 sm:pr-6 sm:pl-0 sm:before:-top-1.5 sm:before:left-0"
            >
              <h3 className="text-lg font-heading">{step.title}</h3>
              <p className="text-2xl font-heading tracking-display text-second-ink">
                {step.duration}
              </p>
              <p className="text-reading text-ink-muted">
                <KeepWordsWhole text={step.description} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </PageSection>
  )
}
