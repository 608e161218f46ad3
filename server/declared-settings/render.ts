import prettier from 'prettier'
import type { DeclaredSetting, SettingGroup } from './declared-setting.ts'
import { SETTING_GROUPS } from './index.ts'

/** Where `npm run settings:docs` writes what it renders, from the repository's root. */
export const ENV_EXAMPLE_PATH = '.env.example'
export const SETTINGS_DOC_PATH = 'docs/settings.md'

const comment = (lines: readonly string[]) => lines.map((line) => `# ${line}`.trimEnd())

/** `.env.example`: every setting the Node server reads, each with its comment. */
export const renderEnvExample = (groups: readonly SettingGroup[] = SETTING_GROUPS): string => {
  const blocks = groups
    .filter((group) => Object.keys(group.settings).length > 0)
    .map((group) => [
      ...comment(group.envIntro),
      ...Object.entries(group.settings).flatMap(([name, setting]) => [
        ...comment(setting.comment),
        `${name}=${setting.example ?? ''}`,
      ]),
    ])
  const header = comment([
    'Settings for `npm start` (the embedded server). All are optional; copy to .env and edit.',
    'The server checks them at start and lists every problem it finds.',
  ])
  return [header, ...blocks].map((lines) => lines.join('\n')).join('\n\n') + '\n'
}

const shownDefault = (setting: DeclaredSetting): string =>
  setting.defaultWords ?? (setting.fallback === undefined ? '–' : `\`${setting.fallback}\``)

const accepted = (setting: DeclaredSetting): string => {
  if (setting.accepts !== undefined) return setting.accepts
  if (setting.range) {
    const [min, max] = setting.range
    return max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min} to ${max}`
  }
  return typeof setting.fallback === 'boolean' ? '`true` or `false`' : ''
}

/** GitHub's anchor for a heading of plain words. */
const anchor = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')

const table = (settings: Readonly<Record<string, DeclaredSetting>>): string[] => [
  '| name | default | accepts | what it does |',
  '| --- | --- | --- | --- |',
  ...Object.entries(settings).map(
    ([name, setting]) =>
      `| \`${name}\` | ${shownDefault(setting)} | ${accepted(setting)} | ${setting.summary} |`,
  ),
]

/** docs/settings.md: the manual of every setting, formatted as Prettier would. */
export const renderSettingsDoc = async (
  groups: readonly SettingGroup[] = SETTING_GROUPS,
): Promise<string> => {
  const lines = [
    '# Settings',
    '',
    '<!-- Written by `npm run settings:docs` from server/declared-settings/: edit those files, not this one. -->',
    '',
    '`server/settings.ts` reads these from the environment or a `.env` file (see',
    '[`.env.example`](../.env.example), written from the same declaration), checks them all at',
    'start and lists every problem it finds. All are optional.',
    '',
    ...groups.map((group) => `- [${group.title}](#${anchor(group.title)})`),
    ...groups.flatMap((group) => [
      '',
      `## ${group.title}`,
      ...(group.intro.length > 0 ? ['', ...group.intro] : []),
      ...(Object.keys(group.settings).length > 0 ? ['', ...table(group.settings)] : []),
      ...(group.notes ? ['', ...group.notes] : []),
    ]),
  ]
  const options = await prettier.resolveConfig(SETTINGS_DOC_PATH)
  return prettier.format(lines.join('\n') + '\n', { ...options, parser: 'markdown' })
}
