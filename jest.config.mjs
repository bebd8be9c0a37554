import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit and component tests: tests/unit/**\/*.test.ts(x) only (Playwright owns tests/e2e). */
export default createJestConfig({
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/unit/server-only-stub.ts' },
  modulePathIgnorePatterns: ['<rootDir>/out/', '<rootDir>/.next/', '<rootDir>/builds/'],
});
