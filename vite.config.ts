import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenPreload, landingScreensShared } from './scripts/first-screen-preload.js';

/** The app's modules the landing screens share, one chunk instead of a dozen (decision 333). */
const landingShared = landingScreensShared(path.resolve(import.meta.dirname, 'src/web'));

const apiPort = Number(process.env.PORT ?? 3000);

/** The brand's violet (theme.ts `brand[6]`) and the light scheme's page colour. */
const THEME_COLOR = '#6B3AA0';
const BACKGROUND_COLOR = '#ffffff';

export default defineConfig({
  plugins: [
    react(),
    // Installable, and an employee's codes open without signal (decisions 251–253).
    VitePWA({
      registerType: 'prompt',
      // Registered by src/web/app/app-update.tsx (useRegisterSW), which also shows 'Nueva versión disponible'.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Jobby',
        short_name: 'Jobby',
        description: 'Tu plataforma de beneficios laborales',
        lang: 'es',
        dir: 'ltr',
        // The guard sends each level from / to its own area (and nobody signed in to /login).
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app's own files, so it opens offline; not the scanner's 1 MB WebAssembly (providers
        // scan online) nor the .br/.gz copies. Nothing under /api: the service worker never stores a
        // person's data (decision 252).
        globPatterns: ['**/*.{js,css,html,svg}'],
        // The other levels' areas are not kept: what works offline is the employee's (a phone's
        // first visit downloads about 1.2 MB instead of 2 MB; those areas load from the network).
        globIgnores: ['**/{admin,hr,provider}-routes-*', '**/zxing-*', '**/code-scanner-*', '**/bot-*'],
        cleanupOutdatedCaches: true,
        // The first worker takes charge of the tab that installed it at once, not from its next load:
        // a first visit that loses the connection before reloading still opens offline (decision 348).
        // A newer build still waits for 'Actualizar' (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        // Pages come from the network (with the server's first-data preload, decision 147); only
        // without one does the stored shell answer. So a new build is what the next open shows.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
      },
    }),
    // The chunks of the screen a tab opens on travel with the main chunk, not after it (decision 304).
    // Before the compression: index.html's .br/.gz copies must carry its script.
    firstScreenPreload(path.resolve(import.meta.dirname, 'src/web')),
    landingShared.plugin,
    // Brotli and gzip copies next to each asset, served by @fastify/static's preCompressed (decision 100):
    // a phone on a slow network downloads about a quarter of the bytes, and the server compresses nothing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  root: 'src/web',
  publicDir: 'public',
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'ui', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react)[\\/]/, minShareCount: 2 },
            // Not their dependencies: those are the main chunk's, ui's or the group's own (the test leaves out
            // every module that reaches another library), so the chunk imports no chunk that imports it.
            { name: 'landing', test: landingShared.test, minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
