import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url))

export default defineConfig({
  root: webRoot,
  plugins: [
    // The router plugin must run before react() (STACK-NOTES "Vite, TanStack Router, Tailwind").
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The public pages' script is an entry of its own; scripts/prerender reads the manifest (ADR 013).
    manifest: true,
    rollupOptions: {
      input: {
        app: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        site: fileURLToPath(new URL('./src/web/site/islands/site.ts', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
})
