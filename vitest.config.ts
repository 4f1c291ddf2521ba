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
      // The package's name, and its old name `sitegen` that the resolver still takes as an alias.
      { find: /^(?:react-)?sitegen\/templates\/(.*)$/, replacement: new URL('./templates/$1', import.meta.url).pathname },
      { find: /^(?:react-)?sitegen$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
    ],
  },
});
