import { team, teamSection, type TeamMember } from '../content/team.ts'

/** A name's first and last initials, for a person without a photo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .filter((_, i, words) => i === 0 || i === words.length - 1)
    .map((word) => word[0])
    .join('')

/**
 * The people behind the company, on the dark band under the reasons to choose it: a photo
 * (or the initials), the name and the role. Nothing while src/content/team.ts lists no one.
 */
export function Team({ members = team }: { members?: readonly TeamMember[] }) {
  if (members.length === 0) return null
  return (
    <div className="flex flex-col gap-6 border-t border-night-line pt-12">
      <h3 className="text-xl font-heading text-on-night">{teamSection.title}</h3>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {members.map(({ id, name, role, photo }) => (
          <li key={id} className="flex items-center gap-4">
            {photo ? (
              <img
                src={photo.src}
                width={photo.width}
                height={photo.height}
                alt=""
                loading="lazy"
                className="size-14 shrink-0 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-14 shrink-0 items-center justify-center rounded-full border border-night-line font-heading text-night-accent"
              >
                {initials(name)}
              </span>
            )}
            <p className="flex flex-col">
              <span className="font-strong text-on-night">{name}</span>
              <span className="text-sm text-on-night-muted">{role}</span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}
