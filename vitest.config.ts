import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // As for the integration tests below: the rules' modules are loaded once per worker, not again
          // for each file (105 files: 72 s isolated, 15 s not; loading was 69 % of the time). Unit
          // tests keep no state between files; the one that stubs settings puts them back.
          isolate: false,
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          setupFiles: ["./test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          // One module graph for all the files of a worker: loading the store's modules again for each
          // file was half of the suite's time (12 files: 182 s isolated, 59 s not). Each file opens its
          // own database (test/database.ts) and puts back what it swaps (the payment provider, the
          // catalogue index), so nothing one file does reaches the next.
          isolate: false,
          env: {
            LOG_LEVEL: "silent",
            AUTH_SECRET: "integration-tests-secret-0123456789abcdef",
          },
          include: ["server/**/*.integration.test.ts", "test/**/*.integration.test.ts"],
          globalSetup: ["./test/integration-data-dir.ts"],
          setupFiles: ["./test/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
