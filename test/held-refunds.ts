// The test card processor with a slow answer: refunds under keys starting with `prefix` wait until
// released, so a test can make another request while one is out. Every refund asked and made is noted.
import type { PaymentProvider } from "../server/payments/provider";
import { testCardProcessor } from "../server/payments/test-processor";
import { deferred } from "./deferred";

export function holdingRefunds(prefix: string) {
  const log: string[] = [];
  const released = deferred();
  /** Settles once a held refund has been asked for. */
  const held = deferred();
  const provider: PaymentProvider = {
    ...testCardProcessor,
    async refund(id, key, cents) {
      const kind = key.split("-")[0];
      log.push(`${kind} refund asked`);
      if (key.startsWith(prefix)) {
        held.settle();
        await released.promise;
      }
      await testCardProcessor.refund(id, key, cents);
      log.push(`${kind} refunded`);
    },
  };
  return { provider, log, held: held.promise, release: released.settle };
}

/** A moment for a request that is not held to finish, were it not waiting. */
export const aMoment = () => new Promise((resolve) => setTimeout(resolve, 300));
