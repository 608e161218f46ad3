import type { ProjectImage } from '../content/projects/project.ts'
import { largestProjectImage, projectImageSets, srcsetOf } from '../lib/project-image-files.ts'

/**
 * A project's image as the build wrote it (src/lib/project-image-files.ts): AVIF as a
 * `<source>` and the PNG or JPEG in the `<img>`, every width in each `srcset`, the browser
 * picking the first format it reads and the width by `sizes`; the file's own width and height,
 * so its box is reserved before it arrives and nothing moves. Lazy unless it is the first
 * screen's, which is the page's largest paint on a phone: asked for at once, ahead of the others.
 * The `<picture>` draws no box of its own (`display: contents`): the `<img>` is laid out as
 * the grid or column around it lays out its children.
 */
export function ProjectPicture({
  image,
  sizes,
  eager = false,
  className,
}: {
  image: ProjectImage
  /** How wide it is drawn, e.g. '(min-width: 1024px) 40rem, 100vw'. */
  sizes: string
  eager?: boolean
  className?: string
}) {
  const sets = projectImageSets(image)
  const fallback = sets.at(-1)
  return (
    <picture className="contents">
      {sets.slice(0, -1).map((set) => (
        <source key={set.type} type={set.type} srcSet={srcsetOf(set.files)} sizes={sizes} />
      ))}
      <img
        src={largestProjectImage(image).url}
        srcSet={srcsetOf(fallback?.files ?? [])}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  )
}
