import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM, CHROMIUM_FLAGS} from './scripts/lib/chromium';

/**
 * One runner for everything: `unit` (pure functions) and `site` (the built output) need no browser; `e2e` drives
 * Debian's Chromium against the production build served by nginx with the repository's own rules (deploy/nginx); `dev`
 * runs the dev server. `npm test` builds first (scripts/test.ts).
 */
// Not serve's default port (3000): a reader's `npm run serve` is never mistaken for the build under test.
export const PORT = Number(process.env.E2E_PORT || 4173);
export const ALGOLIA_PORT = PORT + 1;

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: {width: 1280, height: 800},
  locale: 'zh-CN',
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  },
};

const serveAlgolia = process.env.E2E_ALGOLIA !== '0';
/** Unit tests alone need no server: `E2E_NO_SERVER=1 npx playwright test --project=unit`. */
const noServer = process.env.E2E_NO_SERVER === '1';

export default defineConfig({
  timeout: 30_000,
  expect: {timeout: 7_000},
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [['list'], ['json', {outputFile: process.env.PW_REPORT || 'test-results/results.json'}]],
  outputDir: 'test-results/artifacts',
  projects: [
    // unit: pure functions; site: reads the built output (content, relevance), no browser; e2e: Chromium against nginx.
    {name: 'unit', testDir: 'tests/unit'},
    {name: 'site', testDir: 'tests/site'},
    // The dev server (`npm start`): compiled on demand, so it runs alone after the others (scripts/test.ts).
    {name: 'dev', testDir: 'tests/dev', use: {...chromium, trace: 'off'}},
    {
      name: 'e2e',
      testDir: 'tests/e2e',
      use: {...chromium, baseURL: `http://127.0.0.1:${PORT}`, trace: 'off', screenshot: 'only-on-failure'},
    },
  ],
  webServer: noServer
    ? []
    : [
        {
          command: `npx tsx scripts/serve.ts --root build --port ${PORT}`,
          url: `http://127.0.0.1:${PORT}/`,
          // Never an old server: the tests run against the build they just made (a busy port fails with a clear error).
          reuseExistingServer: false,
          timeout: 20_000,
        },
        ...(serveAlgolia
          ? [
              {
                command: `npx tsx scripts/serve.ts --root build-algolia --port ${ALGOLIA_PORT}`,
                url: `http://127.0.0.1:${ALGOLIA_PORT}/`,
                reuseExistingServer: false,
                timeout: 20_000,
              },
            ]
          : []),
      ],
});
