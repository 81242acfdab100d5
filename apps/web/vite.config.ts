import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API server runs separately; in production it serves this app on one origin.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    proxy: {
      '/trpc': { target: apiServer, ws: true },
      '/api': apiServer,
      '/uploads': apiServer,
      '/healthz': apiServer,
    },
  },
});
