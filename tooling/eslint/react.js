import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import baseConfig from './base.js';

/**
 * The web app may use the API's types, never its code: a runtime import of the
 * server, api or db packages would ship server code (and secrets) to the browser.
 */
const reactConfig = tseslint.config(...baseConfig, {
  files: ['**/*.{ts,tsx}'],
  plugins: { 'react-hooks': reactHooks },
  rules: {
    ...reactHooks.configs.recommended.rules,
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@yardsale/api', '@yardsale/api/*'],
            allowTypeImports: true,
            message: 'The web app may import API types only (import type).',
          },
          {
            group: ['@yardsale/db', '@yardsale/db/*', '@yardsale/server', '@yardsale/server/*'],
            message: 'The web app must not import server or database code.',
          },
        ],
      },
    ],
  },
});

export default reactConfig;
