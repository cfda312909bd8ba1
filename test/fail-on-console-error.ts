// A test that makes the code log an error it did not expect fails, so errors cannot hide.
import { afterEach, vi } from "vitest";

const errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
  }
});
