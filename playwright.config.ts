import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, offlineArgs } from './tests/e2e/browser';
import { e2eDataDir, e2ePort, e2eStaff } from './tests/e2e/staff';

const port = e2ePort;
const baseURL = `http://127.0.0.1:${port}`;
// The served site's database (e2eDataDir: a folder of its own per port, outside the project), with
// one staff account (re)created by the staff CLI before the server starts. Nothing is seeded.

/** Browser tests run against the built site served as it ships (npm run serve on out/). */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // The editors' loop needs the WordPress that scripts/test-wordpress.sh starts, and runs there.
  testIgnore: process.env.WP_APP_PASSWORD ? [] : ['**/wordpress-rebuild.spec.ts'],
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./tests/e2e/summary-reporter.ts']],
  use: {
    baseURL,
    // A trace records the page after every step: measured here, it made a whole-page axe check 3–5
    // times slower. CI retries a failed test once, and that retry is traced; locally, add --trace on.
    trace: 'on-first-retry',
    launchOptions: { executablePath: chromiumPath(), args: offlineArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `npm run --silent staff -- add ${e2eStaff.name} --replace && npm run serve`,
    url: `${baseURL}/robots.txt`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: e2eDataDir,
      STAFF_PASSWORD: e2eStaff.password,
      RATE_LIMIT_PER_MINUTE: '200',
    },
    reuseExistingServer: !process.env.CI,
    // The first start creates the embedded database (initdb), which takes a while on a slow machine.
    timeout: 180_000,
  },
});
