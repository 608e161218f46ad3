import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Folders that must stay free of app code, so they can be reused and re-branded alone. */
const leafLayers = ['src/content/**', 'src/components/ui/**']

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      '.data',
      'screenshots',
      'supabase/functions/send-contact-email',
      'supabase/functions/submit-contact-form',
      'supabase/functions/send-booking-email',
      'supabase/functions/refresh-busy-calendar',
      'supabase/functions/deliver-webhooks',
      'supabase/functions/watch-pipeline',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: leafLayers,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sections/**', '**/pages/**', '**/features/**', '**/app', '**/app.tsx'],
              message: 'content/ and components/ui/ must not depend on the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The only script a page loads before the visitor does anything: React and components may
    // only come in through a dynamic import(), which this rule leaves alone.
    files: ['src/page-scripts/**'],
    ignores: ['src/page-scripts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'sonner', 'lucide-react', '@supabase/*'],
              message: 'Page scripts load before any interaction; import this from an island.',
            },
            {
              regex: '\\.tsx$',
              message: 'Components belong to islands; load them with import() on intent.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message: 'Pages compose sections only; put behaviour in a section or feature.',
            },
          ],
        },
      ],
    },
  },
)
