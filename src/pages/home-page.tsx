import { About } from '../sections/about.tsx'
import { Contact } from '../sections/contact.tsx'
import { Hero } from '../sections/hero.tsx'
import { Process } from '../sections/process.tsx'
import { ProjectsBand } from '../sections/projects-band.tsx'
import { Services } from '../sections/services.tsx'
import { PageFrame } from '../sections/page-frame.tsx'
import { StylesBelow } from '../components/styles-below.tsx'

export function HomePage() {
  return (
    <PageFrame page="home">
      <Hero />
      <StylesBelow />
      <Services />
      <ProjectsBand />
      <Process />
      <About />
      <Contact />
    </PageFrame>
  )
}
