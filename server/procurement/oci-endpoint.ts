// OCI 4.0 (docs/punchout.md): a procurement system's browser comes to /punchout/oci (GET or POST)
// with USERNAME, PASSWORD and HOOK_URL; with a connection's credentials it gets a PunchOut session
// as a cXML setup does, and its cart goes back to HOOK_URL in NEW_ITEM-* fields (./transfer.ts).
import { StoreError } from "../errors";
import { authenticate } from "./connections";
import { returnUrlOf } from "./cxml-endpoint";
import { startPunchOut } from "./punchout-sessions";

/** The StartPage of the session the OCI call opens: Unauthorized or Invalid, saying why, otherwise. */
export async function startOciSession(fields: URLSearchParams | FormData): Promise<string> {
  const field = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : "";
  };
  const username = field("USERNAME").trim();
  if (!username || !field("PASSWORD"))
    throw new StoreError(
      "Unauthorized",
      "Send USERNAME and PASSWORD as the supplier set them up for your OCI connection.",
    );
  const returnUrl = returnUrlOf(field("HOOK_URL"), "HOOK_URL");
  const connection = await authenticate("oci", [{ identity: username.slice(0, 200) }], field("PASSWORD"));
  const { url } = await startPunchOut(connection, { operation: "create", buyerCookie: "", returnUrl, lines: [] });
  return url;
}
