import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'jsdom',
    // The page tests drive MUI forms in jsdom, a few seconds each when alone; the machines' two
    // cores are shared, so a slow moment is not a failure.
    testTimeout: 30_000,
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'host/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
  },
});
