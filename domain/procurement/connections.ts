// A procurement connection's fields (docs/punchout.md), one set of rules for the back office's form
// and the `npm run punchout` command.
import { z } from "zod";
import { optional, required } from "../text/form-fields";

export const procurementProtocols = ["cxml", "oci"] as const;
export type ProcurementProtocol = (typeof procurementProtocols)[number];

export const protocolLabels: Record<ProcurementProtocol, string> = {
  cxml: "cXML 1.2 (Ariba, Coupa, Jaggaer)",
  oci: "OCI 4.0 (SAP SRM)",
};

const httpUrl = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters")
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    "Enter a full http:// or https:// address",
  )
  .optional()
  .or(z.literal("").transform(() => undefined));

export const connectionSchema = z.object({
  name: required("Name is required (it is shown on the button that transfers the cart)", 100),
  protocol: z.enum(procurementProtocols, { message: "Choose cXML or OCI" }),
  identity: required("Identity is required (the cXML From identity, or the OCI user name)", 200),
  domain: optional(60),
  /** Blank when editing keeps the secret; a new connection needs one. */
  secret: z
    .string()
    .max(200, "Use at most 200 characters")
    .optional()
    .transform((value) => value || undefined),
  memberUserId: required("Choose the member whose orders it places", 100),
  pricesMustMatch: z
    .enum(["refuse", "flag"], { message: "Choose what to do when prices differ" })
    .default("refuse")
    .transform((value) => value === "refuse"),
  pushUrl: httpUrl,
});

export type ConnectionInput = z.output<typeof connectionSchema>;

export const secretRequiredMessage = "A new connection needs a shared secret (cXML) or password (OCI).";
