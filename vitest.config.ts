import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          setupFiles: ["./test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["server/**/*.integration.test.ts", "test/**/*.integration.test.ts"],
          setupFiles: ["./test/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
