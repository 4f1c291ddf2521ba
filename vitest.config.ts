import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/setup/compile.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
  resolve: {
    alias: [
      { find: /^sitegen\/templates\/(.*)$/, replacement: new URL('./templates/$1', import.meta.url).pathname },
      { find: /^sitegen$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
    ],
  },
});
