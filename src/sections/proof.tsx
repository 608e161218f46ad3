import { proof, proofText, type Proof, type ProofImage } from '../content/proof.ts'

/** Images of proof load only when near: none of them is ever part of the first screen. */
function ProofPicture({ image, className }: { image: ProofImage; className?: string }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      className={className}
    />
  )
}

/** Work the company delivered, under its services: nothing until the company adds some. */
export function CaseStudies({ items = proof.caseStudies }: { items?: Proof['caseStudies'] }) {
  if (items.length === 0) return null
  return (
    <div className="flex flex-col gap-6">
      <h3 className="text-2xl font-heading tracking-tight">{proofText.caseStudiesTitle}</h3>
      <ul className="grid gap-6 sm:gap-8 lg:grid-cols-2">
        {items.map((study) => (
          <li
            key={study.id}
            className="flex flex-col gap-5 rounded-card border border-line bg-surface p-6"
          >
            {study.screenshot ? (
              <ProofPicture
                image={study.screenshot}
                className="h-auto w-full rounded-control border border-line"
              />
            ) : null}
            <div className="flex flex-col gap-1">
              <p className="text-sm font-strong text-accent-ink">{study.client}</p>
              <h4 className="text-xl font-heading">{study.title}</h4>
            </div>
            <dl className="grid gap-4 text-sm sm:grid-cols-3">
              {(['problem', 'built', 'result'] as const).map((part) => (
                <div key={part} className="flex flex-col gap-1">
                  <dt className="font-strong">{proofText[part]}</dt>
                  <dd className="m-0 leading-relaxed text-ink-muted">{study[part]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Figures, client logos and testimonials, on the dark band under the reasons to choose the
 * company; each part only when the company has filled it in.
 */
export function ClientProof({ content = proof }: { content?: Proof }) {
  const { figures, clientLogos, testimonials } = content
  if (figures.length + clientLogos.length + testimonials.length === 0) return null
  return (
    <div className="flex flex-col gap-12 border-t border-night-line pt-12">
      {figures.length > 0 ? (
        <dl aria-label={proofText.figuresLabel} className="grid grid-cols-2 gap-8 md:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.id} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-on-night-muted">{figure.label}</dt>
              <dd className="m-0 text-4xl font-heading tracking-display">{figure.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {clientLogos.length > 0 ? (
        <ul
          aria-label={proofText.clientsLabel}
          className="flex flex-wrap items-center gap-x-12 gap-y-6"
        >
          {clientLogos.map((client) => (
            <li key={client.id}>
              <ProofPicture
                image={{ ...client.logo, alt: client.name }}
                className="h-8 w-auto opacity-80 brightness-0 invert"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {testimonials.length > 0 ? (
        <div className="flex flex-col gap-6">
          <h3 className="text-2xl font-heading tracking-tight">{proofText.testimonialsTitle}</h3>
          <ul className="grid gap-6 sm:gap-8 md:grid-cols-2">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <figure className="m-0 flex h-full flex-col justify-between gap-6 rounded-card border border-night-line p-6">
                  <blockquote className="m-0 text-lg leading-relaxed">
                    {testimonial.quote}
                  </blockquote>
                  <figcaption className="text-sm text-on-night-muted">
                    <span className="font-strong text-on-night">{testimonial.author}</span>
                    {' · '}
                    {testimonial.role}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
