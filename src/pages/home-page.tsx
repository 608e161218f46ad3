import { About } from '../sections/about.tsx'
import { Contact } from '../sections/contact.tsx'
import { Hero } from '../sections/hero.tsx'
import { Process } from '../sections/process.tsx'
import { ProjectsBand } from '../sections/projects-band.tsx'
import { Services } from '../sections/services.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'
import { StylesBelow } from '../components/styles-below.tsx'

export function HomePage() {
  return (
    <>
      <SiteHeader page="home" />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <Hero />
        <StylesBelow />
        <Services />
        <ProjectsBand />
        <Process />
        <About />
        <Contact />
      </main>
      <SiteFooter page="home" />
    </>
  )
}
