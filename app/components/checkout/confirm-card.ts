// The contract between the card panel and each provider's card field.
import type { RefObject } from "react";

/** Asks the provider to take the payment with the card entered: confirmed, or the provider's message. */
export type ConfirmCard = () => Promise<{ ok: true } | { ok: false; message?: string }>;
/** Each card field puts its provider's confirm here. */
export type ConfirmRef = RefObject<ConfirmCard | null>;
