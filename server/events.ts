// What changed in the store, announced by the domain that changed it once its transaction has
// committed. Whoever keeps copies (the HTTP layer's page cache) listens, so no domain reaches into
// the HTTP layer and a new copy-keeper needs no change in the domains.
import { EventEmitter } from "node:events";
import { logger } from "./logger";

export interface StoreEvents {
  /** Stock levels of these products changed (an order took stock, a cancellation returned it). */
  stockChanged: { productIds: string[] };
}

type Listener<Name extends keyof StoreEvents> = (event: StoreEvents[Name]) => void;

const emitter = new EventEmitter();

/** Calls `listener` after each such change in this process; returns the function that stops it. */
export function onStoreEvent<Name extends keyof StoreEvents>(name: Name, listener: Listener<Name>): () => void {
  emitter.on(name, listener);
  return () => emitter.off(name, listener);
}

/** Tells every listener; one that fails is logged and does not undo the change or stop the others. */
export function announce<Name extends keyof StoreEvents>(name: Name, event: StoreEvents[Name]) {
  for (const listener of emitter.listeners(name) as Listener<Name>[]) {
    try {
      listener(event);
    } catch (error) {
      logger.error({ err: error, event: name }, "a store event listener failed");
    }
  }
}
