import { createContext } from "react-router";

/** The per-request CSP nonce the server sets, so the document's own scripts may run. */
export const nonceContext = createContext<string | undefined>(undefined);
