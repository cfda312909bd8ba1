// `npm run punchout -- add|list|remove ...`: procurement connections from the command line
// (docs/punchout.md), on the database the store uses (DATABASE_URL, else the PGlite under
// DATA_DIR; while a store runs on that PGlite, the store runs the command itself).
import { parseArgs } from "node:util";
import { connectionSchema, type ProcurementProtocol, procurementProtocols } from "../../domain/procurement/connections";
import { runInRunningStore } from "../backup/backup-endpoint";
import { setDatabase } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { locationFromEnv, openStoreDatabase } from "../db/store-location";
import { StoreError } from "../errors";
import { listConnections, memberByEmail, removeConnection, saveConnection } from "./connections";

export const USAGE = `Usage:
  npm run punchout -- add --company-email EMAIL --protocol cxml|oci --identity ID --secret SECRET
                          [--name NAME] [--domain DOMAIN] [--prices refuse|flag] [--documents-url URL]
      Creates or updates the connection with that identity for the company EMAIL belongs to; EMAIL's
      account is the member whose orders it places. cXML: ID is the buyer's From identity (e.g. an
      Ariba Network ID) and SECRET the shared secret; OCI: the user name and password.
      --prices refuse (default) refuses an order whose prices differ from the company's; flag accepts
      it at the store's prices and notes the difference on the order.
      --documents-url (cXML) is where the buyer's system receives the order confirmations, ship
      notices and invoices of the orders it sends; without it none are sent.
  npm run punchout -- list [--company-email EMAIL]
  npm run punchout -- remove --protocol cxml|oci --identity ID`;

class UsageError extends Error {}

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        "company-email": { type: "string" },
        protocol: { type: "string" },
        identity: { type: "string" },
        secret: { type: "string" },
        name: { type: "string" },
        domain: { type: "string" },
        prices: { type: "string" },
        "documents-url": { type: "string" },
        // The option's first name, still read.
        "push-url": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

const protocolOf = (value: string | undefined): ProcurementProtocol => {
  if (!procurementProtocols.includes(value as ProcurementProtocol))
    throw new UsageError("--protocol must be cxml or oci.");
  return value as ProcurementProtocol;
};

const needed = (value: string | undefined, flag: string) => {
  if (!value) throw new UsageError(`${flag} is required.`);
  return value;
};

async function add(values: ReturnType<typeof options>["values"]): Promise<string> {
  const email = needed(values["company-email"], "--company-email");
  const member = await memberByEmail(email);
  if (!member) throw new UsageError(`No account has the e-mail ${email}.`);
  if (!member.companyId) throw new UsageError(`${email} belongs to no company.`);
  const parsed = connectionSchema.safeParse({
    name: values.name ?? member.companyName ?? needed(values.identity, "--identity"),
    protocol: protocolOf(values.protocol),
    identity: needed(values.identity, "--identity"),
    domain: values.domain,
    secret: needed(values.secret, "--secret"),
    memberUserId: member.userId,
    pricesMustMatch: values.prices ?? "refuse",
    pushUrl: values["documents-url"] ?? values["push-url"],
  });
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join("\n"));
  const { connection, created } = await saveConnection(member.companyId, parsed.data, { actorId: null });
  const lines = [
    `${created ? "Created" : "Updated"} the ${connection.protocol === "cxml" ? "cXML" : "OCI"} connection "${connection.name}" for ${member.companyName ?? email} (${member.accountNumber}).`,
    `  identity ${connection.identity}${connection.domain ? ` (domain ${connection.domain})` : ""}; orders placed as ${member.email}; prices that differ are ${connection.pricesMustMatch ? "refused" : "accepted and flagged"}.`,
    `  The secret is stored hashed and will not be shown again.`,
    connection.protocol === "cxml" ? "  cXML URL: <store>/punchout/cxml" : "  OCI URL: <store>/punchout/oci",
  ];
  if (connection.protocol === "cxml")
    lines.push(
      connection.pushUrl
        ? `  Order confirmations, ship notices and invoices go to ${connection.pushUrl}.`
        : "  No --documents-url: no order confirmations, ship notices or invoices are sent.",
    );
  if (!member.onTerms)
    lines.push(
      `  Note: ${member.companyName ?? email} is not on terms yet, so its OrderRequests are refused until an admin grants terms.`,
    );
  return lines.join("\n");
}

async function list(values: ReturnType<typeof options>["values"]): Promise<string> {
  const email = values["company-email"];
  const member = email ? await memberByEmail(email) : undefined;
  if (email && !member?.companyId) throw new UsageError(`${email} belongs to no company.`);
  const rows = await listConnections({ companyId: member?.companyId ?? undefined });
  if (rows.length === 0) return "No procurement connections.";
  return rows
    .map(
      (row) =>
        `${row.accountNumber}  ${row.companyName ?? "(no name)"}  ${row.protocol}  ${row.identity}${row.domain ? ` (${row.domain})` : ""}  "${row.name}"  member ${row.memberEmail}  prices ${row.pricesMustMatch ? "must match" : "flagged"}${row.pushUrl ? `  documents to ${row.pushUrl}` : ""}`,
    )
    .join("\n");
}

async function remove(values: ReturnType<typeof options>["values"]): Promise<string> {
  const protocol = protocolOf(values.protocol);
  const identity = needed(values.identity, "--identity");
  const removed = await removeConnection({ protocol, identity }, { actorId: null });
  if (!removed) throw new UsageError(`No ${protocol} connection has the identity ${identity}.`);
  return `Removed the ${protocol} connection "${removed.name}" (${removed.identity}).`;
}

/** Runs the command on the open database: what it prints, and whether it succeeded. */
export async function runPunchOutCommand(args: string[]): Promise<{ output: string; ok: boolean }> {
  try {
    const parsed = options(args);
    const [action] = parsed.positionals;
    if (parsed.values.help || !action) return { output: USAGE, ok: !!parsed.values.help };
    if (action === "add") return { output: await add(parsed.values), ok: true };
    if (action === "list") return { output: await list(parsed.values), ok: true };
    if (action === "remove") return { output: await remove(parsed.values), ok: true };
    throw new UsageError(`Unknown action ${action}.`);
  } catch (error) {
    if (error instanceof UsageError) return { output: `${error.message}\n\n${USAGE}`, ok: false };
    if (error instanceof StoreError) return { output: error.message, ok: false };
    throw error;
  }
}

export async function main(args: string[]) {
  try {
    const location = locationFromEnv();
    let result: { output: string; ok: boolean };
    try {
      const handle = await openStoreDatabase(location);
      try {
        await handle.migrate();
        setDatabase(handle);
        result = await runPunchOutCommand(args);
      } finally {
        setDatabase(undefined);
        await handle.close();
      }
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      result = await runInRunningStore(location.dataDir, "punchout", args);
    }
    (result.ok ? console.log : console.error)(result.output);
    if (!result.ok) process.exitCode = 1;
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : String(error));
  }
}
