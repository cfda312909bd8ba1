// What changed in the store, announced by the domain that changed it once its transaction has
// committed. Whoever keeps copies (the HTTP layer's page cache) listens, so no domain reaches into
// the HTTP layer and a new copy-keeper needs no change in the domains. With several processes on
// one PostgreSQL, every announcement is also relayed to the other processes
// (server/db/coordination.ts), whose listeners hear it as if it had happened there.
import { EventEmitter } from "node:events";
import { logger } from "./logger";

export interface StoreEvents {
  /** Stock levels of these products changed (an order took stock, a cancellation returned it). */
  stockChanged: { productIds: string[] };
  /** Reviews of these products were written, edited, hidden or shown again: their stars and counts changed. */
  reviewsChanged: { productIds: string[] };
  /**
   * The operator changed products (editor or import): what a buyer sees of them is new. An import
   * names none (an empty list: anything may have changed), as relayed events must stay small.
   */
  catalogChanged: { productIds: string[] };
  /** The operator changed the category tree or a subcategory's attributes. */
  categoriesChanged: Record<string, never>;
  /** The store admin gave a company a catalogue, changed it or took it away. */
  customerCataloguesChanged: { companyId: string };
  /** A person joined a company or was removed from one: the catalogue their session sees may differ. */
  companyMembersChanged: Record<string, never>;
  /** The operator changed the search synonyms. */
  searchSynonymsChanged: Record<string, never>;
  /** A message waits in the mail queue: whichever process delivers mail may send it now. */
  mailQueued: Record<string, never>;
  /** A job waits in the job queue: any process's worker may run it now. */
  jobQueued: Record<string, never>;
}

export type StoreEventName = keyof StoreEvents;

type Listener<Name extends StoreEventName> = (event: StoreEvents[Name]) => void;

/** Carries an announcement to the other processes of the store. */
export type EventRelay = <Name extends StoreEventName>(name: Name, event: StoreEvents[Name]) => void;

const emitter = new EventEmitter();
let relay: EventRelay | undefined;

/** Calls `listener` after each such change in this process or, relayed, in another. */
export function onStoreEvent<Name extends StoreEventName>(name: Name, listener: Listener<Name>): () => void {
  emitter.on(name, listener);
  return () => emitter.off(name, listener);
}

/** Tells every listener; one that fails is logged and does not undo the change or stop the others. */
export function announce<Name extends StoreEventName>(name: Name, event: StoreEvents[Name]) {
  hear(name, event);
  relay?.(name, event);
}

/** An announcement relayed from another process: heard here, not relayed again. */
export function hear<Name extends StoreEventName>(name: Name, event: StoreEvents[Name]) {
  for (const listener of emitter.listeners(name) as Listener<Name>[]) {
    try {
      listener(event);
    } catch (error) {
      logger.error({ err: error, event: name }, "a store event listener failed");
    }
  }
}

/** Sends every later announcement through `through` as well; returns the function that stops it. */
export function relayEvents(through: EventRelay): () => void {
  relay = through;
  return () => {
    if (relay === through) relay = undefined;
  };
}
