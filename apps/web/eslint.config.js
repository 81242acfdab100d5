import reactConfig from '@yardsale/eslint-config/react';

export default [
  ...reactConfig,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // TanStack Router's redirect() and notFound() are thrown by design from beforeLoad and loaders.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
      ],
    },
  },
];
