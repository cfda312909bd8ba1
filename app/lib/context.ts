import { createContext } from "react-router";

/** The per-request CSP nonce the server sets, so the document's own scripts may run. */
export const nonceContext = createContext<string | undefined>(undefined);

/** The address of the client's connection, for per-address rate limits. */
export const clientAddressContext = createContext<string>("unknown");
