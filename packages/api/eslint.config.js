import baseConfig from '@yardsale/eslint-config/base';

/**
 * Services (and the sessions below them) know nothing of requests: rate limits, cookies and the
 * context are applied by the procedure or the REST adapter that owns the request. A service imports
 * only other services, the database and the validators.
 */
const upward = {
  // Any depth: a service in a sub-folder is held to the same.
  group: [
    '**/trpc',
    '**/context',
    '**/root',
    '**/router',
    '**/router/**',
    '**/session-cookie',
    '**/request-limits',
    '**/upload-call',
    'fastify',
    '@fastify/*',
  ],
  message:
    'A service must not know the layer above it: return what the caller needs, and let the procedure or REST adapter that owns the request apply limits and cookies.',
};

export default [
  ...baseConfig,
  {
    files: ['src/services/**/*.ts', 'src/auth/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [upward] }],
    },
  },
];
