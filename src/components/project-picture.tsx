import type { ProjectImage } from '../content/projects/project.ts'
import { largestProjectImage, projectImageFiles, srcsetOf } from '../lib/project-image-files.ts'

/**
 * A project's image as the build wrote it (src/lib/project-image-files.ts): every width in
 * `srcset`, the browser picking by `sizes`, and the file's own width and height, so its box is
 * reserved before it arrives and nothing moves. Lazy unless it is the first screen's, which is
 * the page's largest paint on a phone: asked for at once, ahead of the others.
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
  const { files } = projectImageFiles(image)
  return (
    <img
      src={largestProjectImage(image).url}
      srcSet={srcsetOf(files)}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  )
}
