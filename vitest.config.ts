import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          setupFiles: ["./test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          env: {
            DATA_DIR: path.join(tmpdir(), "store-vitest"),
            LOG_LEVEL: "silent",
            AUTH_SECRET: "integration-tests-secret-0123456789abcdef",
          },
          include: ["server/**/*.integration.test.ts", "test/**/*.integration.test.ts"],
          setupFiles: ["./test/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
