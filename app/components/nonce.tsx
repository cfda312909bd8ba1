import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; undefined in the browser, where scripts are already running. */
export function useNonce() {
  return useContext(NonceContext);
}
