import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit and component tests: tests/unit/**\/*.test.ts(x) only (Playwright owns tests/e2e). */
const config = createJestConfig({
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/unit/server-only-stub.ts' },
  modulePathIgnorePatterns: ['<rootDir>/out/', '<rootDir>/.next/', '<rootDir>/builds/'],
  transform: {
    '[/\\\\]@electric-sql[/\\\\]pglite[/\\\\]dist[/\\\\].+\\.cjs$': '<rootDir>/tests/unit/dynamic-import-transform.cjs',
  },
});

// PGlite's bundle must pass through the transform above; everything else in node_modules stays as is.
export default async function jestConfig() {
  const resolved = await config();
  resolved.transformIgnorePatterns = (resolved.transformIgnorePatterns ?? []).map((p) =>
    p.startsWith('/node_modules/') ? p.replace('/node_modules/', '/node_modules/(?!@electric-sql/pglite/)') : p,
  );
  return resolved;
}
