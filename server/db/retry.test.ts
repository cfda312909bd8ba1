import { describe, expect, it } from "vitest";
import { retryOnDeadlock } from "./retry";

const failing = (code: string, times: number) => {
  let calls = 0;
  const run = async () => {
    calls++;
    if (calls <= times)
      throw new Error("Failed query: update orders …", { cause: Object.assign(new Error("deadlock"), { code }) });
    return "committed";
  };
  return { run, calls: () => calls };
};

describe("retryOnDeadlock", () => {
  it("runs a transaction PostgreSQL ended for a deadlock or a serialization failure again", async () => {
    const deadlocked = failing("40P01", 2);
    await expect(retryOnDeadlock(deadlocked.run)).resolves.toBe("committed");
    expect(deadlocked.calls()).toBe(3);
    const unserialized = failing("40001", 1);
    await expect(retryOnDeadlock(unserialized.run)).resolves.toBe("committed");
  });

  it("gives up after three attempts, and never repeats any other failure", async () => {
    const stuck = failing("40P01", 5);
    await expect(retryOnDeadlock(stuck.run)).rejects.toThrow("Failed query");
    expect(stuck.calls()).toBe(3);
    const refused = failing("23505", 1);
    await expect(retryOnDeadlock(refused.run)).rejects.toThrow("Failed query");
    expect(refused.calls()).toBe(1);
  });
});
