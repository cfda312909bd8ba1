// One request for quote in the back office: what the buyer asked for (lines, needed-by, ship-to,
// notes, the comments of a revision asked for), the form that prices each line, marks it
// unavailable or offers another part, and sends the next version; the earlier versions and every
// move below (docs/decisions/quotes-admin.md).
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { quantityWithUnit } from "../../../domain/catalog/sale-units";
import { addDays, formatLongDate, formatShortDate, storeDay } from "../../../domain/dates/dates";
import {
  MAX_QUOTE_MESSAGE,
  MAX_QUOTE_NOTE,
  quoteAnswerSchema,
  quoteOutcomeNames,
  quoteStatusNames,
  shipToLines,
} from "../../../domain/quotes/quote-answer";
import { quoteLineOutcomes } from "../../../domain/quotes/quotes";
import { requireAdmin } from "../../../server/accounts/session";
import { StoreError } from "../../../server/errors";
import { handleForm, refusedPage } from "../../../server/form-intents";
import { QUOTE_NUMBER_PATTERN, quoteForAdmin, quoteIdByNumber, sendQuote } from "../../../server/quotes/quoting";
import { dataWithToast } from "../../../server/toast";
import { Field, TextareaField } from "../../components/form-field";
import { Price } from "../../components/price";
import { SubmitButton } from "../../components/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { TableHead } from "../../components/ui/table-head";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/quote";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Quote ${loaderData?.quote.quoteNumber ?? ""} | Admin | Cascade Industrial Supply` }];
}

/** A quote's default validity: 30 days, the usual for an industrial distributor's quote. */
const DEFAULT_VALID_DAYS = 30;

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdmin({ context });
  if (!QUOTE_NUMBER_PATTERN.test(params.quoteNumber)) throw new Response("That quote does not exist.", { status: 404 });
  const today = storeDay(new Date());
  return {
    ...(await quoteForAdmin(params.quoteNumber).catch(refusedPage)),
    today,
    defaultValidUntil: addDays(today, DEFAULT_VALID_DAYS),
  };
}

export function action(args: Route.ActionArgs) {
  const schema = quoteAnswerSchema(storeDay(new Date()));
  return handleForm(
    args,
    {
      // A refusal is told in a toast and above the form.
      failure: "The quote was not sent",
      schema,
      async handle(admin, formData, { params }) {
        const submission = parseWithZod(formData, { schema });
        if (submission.status !== "success") {
          const description = Object.values(submission.error ?? {}).flat()[0] ?? "Check the form.";
          return dataWithToast(
            { reply: submission.reply() },
            { type: "error", title: "The quote was not sent", description },
            400,
          );
        }
        const quoteId = await quoteIdByNumber(String(params.quoteNumber));
        if (!quoteId) throw new StoreError("NotFound", "That quote does not exist.");
        const sent = await sendQuote(admin.id, quoteId, submission.value);
        return dataWithToast(
          { reply: submission.reply({ resetForm: true }) },
          {
            type: "success",
            title: `Quote ${sent.quoteNumber} version ${sent.version} sent`,
            description: sent.mailedTo.length > 0 ? `E-mailed to ${sent.mailedTo.join(", ")}` : undefined,
          },
        );
      },
    },
    { as: "admin", lists: ["lines"] },
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

const dayText = (day: string) => formatLongDate(`${day}T12:00:00Z`);

function statusWords(status: string | null) {
  return status ? (quoteStatusNames[status as keyof typeof quoteStatusNames] ?? status) : "New";
}

export default function AdminQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, lines, versions, events } = loaderData;
  const revisions = events.filter((event) => event.toStatus === "requested" && event.fromStatus === "quoted");
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/quotes" className="text-brand-700 underline">
          Quotes
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-950">Quote {quote.quoteNumber}</h1>
      <p className="mt-1 text-slate-700">
        {quoteStatusNames[quote.status]}
        {quote.currentVersion > 0 && ` · version ${quote.currentVersion} sent`} · requested{" "}
        {formatShortDate(quote.createdAt)}
      </p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Request</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-slate-950">Company</dt>
              <dd>
                {quote.companyName || "Company of one"} · <span className="font-mono">{quote.accountNumber}</span>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-950">Requested by</dt>
              <dd>{quote.requesterName ? `${quote.requesterName} (${quote.requesterEmail})` : "Account deleted"}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-950">Needed by</dt>
              <dd>{quote.neededBy ? dayText(quote.neededBy) : "Not given"}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-950">Ship to</dt>
              <dd>
                {shipToLines(quote.shipTo).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-semibold text-slate-950">Buyer's notes</dt>
              <dd className="whitespace-pre-line">{quote.notes || "None"}</dd>
            </div>
          </dl>
          {revisions.length > 0 && (
            <section
              aria-labelledby="revision-requests"
              className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4"
            >
              <h2 id="revision-requests" className="font-semibold text-slate-950">
                Revisions the buyer asked for
              </h2>
              <ul className="mt-2 space-y-2 text-sm">
                {revisions.map((event) => (
                  <li key={event.id}>
                    <span className="font-medium">{formatShortDate(event.at)}:</span>{" "}
                    <span className="whitespace-pre-line">{event.comment || "No comment given"}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="mt-6 overflow-x-auto">
            <table aria-label="Requested lines" className="w-full text-left text-sm">
              <TableHead columns={["Line", "Part number", "Description", "Qty asked", "List price"]} />
              <tbody className="divide-y divide-slate-200">
                {lines.map((line, i) => (
                  <tr key={line.id}>
                    <td className="px-6 py-2">{i + 1}</td>
                    <td className="px-6 py-2 font-mono">{line.catalogPartNumber ?? line.partNumber ?? "None given"}</td>
                    <td className="px-6 py-2">
                      {line.catalogName ?? line.description}
                      {!line.productId && <span className="block text-xs text-slate-600">Not in the catalogue</span>}
                      {line.productId && line.catalogName !== line.description && (
                        <span className="block text-xs text-slate-600">{line.description}</span>
                      )}
                    </td>
                    <td className="px-6 py-2">{quantityWithUnit(line.quantity, line.unit)}</td>
                    <td className="px-6 py-2">{line.listPrice ? <Price amount={line.listPrice} /> : "None"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
      {quote.status === "requested" ? (
        <AnswerForm
          loaderData={loaderData}
          lastResult={(actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply}
        />
      ) : (
        <p className="mt-6 text-slate-700">
          This quote is {quoteStatusNames[quote.status].toLowerCase()}: the store answers it again only when the buyer
          asks for a revision.
        </p>
      )}
      {versions.length > 0 && (
        <section aria-labelledby="versions" className="mt-8">
          <h2 id="versions" className="text-2xl font-bold text-slate-950">
            Versions Sent
          </h2>
          {versions.map((version) => (
            <VersionCard key={version.id} quoteNumber={quote.quoteNumber} version={version} />
          ))}
        </section>
      )}
      <section aria-labelledby="history" className="mt-8">
        <h2 id="history" className="text-2xl font-bold text-slate-950">
          History
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {events.map((event) => (
            <li key={event.id}>
              <span className="font-medium">{formatShortDate(event.at)}</span>: {statusWords(event.fromStatus)} →{" "}
              {statusWords(event.toStatus)}
              {event.actorName ? ` by ${event.actorName}` : ""}
              {event.comment && <span className="block whitespace-pre-line text-slate-700">“{event.comment}”</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The form's starting values: the latest version's answer when revising, else the list prices. */
function startingAnswer({ lines, versions, defaultValidUntil }: LoaderData) {
  const latest = versions[0];
  return {
    validUntil: defaultValidUntil,
    message: "",
    lines: lines.map((line) => {
      const before = latest?.lines.find((l) => l.requestLineId === line.id);
      if (before)
        return {
          requestLineId: line.id,
          outcome: before.outcome,
          partNumber: before.outcome === "alternative" ? (before.productSku ?? "") : "",
          quantity: String(before.quantity),
          unitPrice: before.unitPrice ?? "",
          note: before.note ?? "",
        };
      return {
        requestLineId: line.id,
        outcome: "priced",
        partNumber: "",
        quantity: String(line.quantity),
        unitPrice: line.listPrice ?? "",
        note: "",
      };
    }),
  };
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

function AnswerForm({ loaderData, lastResult }: { loaderData: LoaderData; lastResult?: SubmissionResult<string[]> }) {
  const { quote, lines, today } = loaderData;
  const busy = useNavigation().state !== "idle";
  const schema = useMemo(() => quoteAnswerSchema(today), [today]);
  const [form, fields] = useZodForm("quote-answer", schema, {
    lastResult,
    defaultValue: startingAnswer(loaderData),
  });
  const rows = fields.lines.getFieldList();
  const version = quote.currentVersion + 1;
  const formErrors = [...(form.errors ?? []), ...(fields.lines.errors ?? [])];
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Send Version {version}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-slate-700">
          Price each line (the quantity may differ from the one asked), mark it unavailable, or offer an active part of
          the catalogue in its place with its price. The buyer gets an e-mail with a link and the quote as a PDF.
        </p>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="version" value={version} />
          {rows.map((row, i) => {
            const line = row.getFieldset();
            const asked = lines[i];
            return (
              <fieldset key={row.key} className="rounded-md border border-slate-300 p-4">
                <legend className="px-1 font-semibold text-slate-950">
                  Line {i + 1}: {asked?.catalogPartNumber ?? asked?.partNumber ?? ""}{" "}
                  {asked?.catalogName ?? asked?.description}, {asked && quantityWithUnit(asked.quantity, asked.unit)}{" "}
                  asked
                </legend>
                <input {...getInputProps(line.requestLineId, { type: "hidden" })} key={line.requestLineId.key} />
                <div className="grid gap-4 sm:grid-cols-4">
                  <OutcomeField meta={line.outcome as Meta} />
                  <Field meta={line.partNumber as Meta} label="Alternative part number" optional />
                  <Field meta={line.quantity as Meta} label="Quantity" />
                  <Field meta={line.unitPrice as Meta} label="Unit price ($)" />
                </div>
                <div className="mt-3">
                  <TextareaField
                    meta={line.note as Meta}
                    label="Note to the buyer"
                    optional
                    rows={1}
                    maxLength={MAX_QUOTE_NOTE}
                  />
                </div>
              </fieldset>
            );
          })}
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="space-y-1">
              <Label htmlFor={fields.validUntil.id}>Valid until</Label>
              <Input {...getInputProps(fields.validUntil, { type: "date" })} key={fields.validUntil.key} min={today} />
              {fields.validUntil.errors?.[0] && (
                <p id={fields.validUntil.errorId} className="text-sm text-red-700">
                  {fields.validUntil.errors[0]}
                </p>
              )}
            </div>
          </div>
          <TextareaField
            meta={fields.message as Meta}
            label="Message to the buyer"
            optional
            rows={3}
            maxLength={MAX_QUOTE_MESSAGE}
          />
          {formErrors.length > 0 && (
            <p role="alert" id={form.errorId} className="text-sm text-red-700">
              {formErrors[0]}
            </p>
          )}
          <div className="max-w-xs">
            <SubmitButton busy={busy}>Send Quote</SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function OutcomeField({ meta }: { meta: Meta }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={meta.id}>Outcome</Label>
      <select
        {...getSelectProps(meta)}
        key={meta.key}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
      >
        {quoteLineOutcomes.map((outcome) => (
          <option key={outcome} value={outcome}>
            {quoteOutcomeNames[outcome]}
          </option>
        ))}
      </select>
      {meta.errors?.[0] && (
        <p id={meta.errorId} className="text-sm text-red-700">
          {meta.errors[0]}
        </p>
      )}
    </div>
  );
}

function VersionCard({ quoteNumber, version }: { quoteNumber: string; version: LoaderData["versions"][number] }) {
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>
          Version {version.version} · sent {formatShortDate(version.createdAt)} · valid until{" "}
          {dayText(version.validUntil)}
        </CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table aria-label={`Version ${version.version} lines`} className="w-full min-w-[640px] text-left text-sm">
          <TableHead columns={["Line", "Answer", "Part number", "Qty", "Unit price", "Amount"]} />
          <tbody className="divide-y divide-slate-200">
            {version.lines.map((line) => (
              <tr key={line.requestLineId} className="align-top">
                <td className="px-6 py-2">{line.position}</td>
                <td className="px-6 py-2">
                  {line.outcome === "unavailable"
                    ? "Unavailable"
                    : line.outcome === "alternative"
                      ? `Alternative: ${line.productName}`
                      : (line.productName ?? line.requestedDescription)}
                  {line.note && <span className="block text-xs text-slate-600">Note: {line.note}</span>}
                </td>
                <td className="px-6 py-2 font-mono">{line.productSku ?? line.requestedPartNumber ?? ""}</td>
                <td className="px-6 py-2">{quantityWithUnit(line.quantity, line.unit)}</td>
                <td className="px-6 py-2">{line.unitPrice ? <Price amount={line.unitPrice} /> : "—"}</td>
                <td className="px-6 py-2">{line.totalPrice ? <Price amount={line.totalPrice} /> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm font-semibold text-slate-950">
          Subtotal: <Price amount={version.subtotalAmount} />
        </p>
        {version.message && <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{version.message}</p>}
        <a
          href={`/admin/quotes/${quoteNumber}/pdf/${version.version}`}
          className="mt-3 inline-block text-sm text-brand-700 underline"
        >
          Download version {version.version} as PDF
        </a>
      </CardContent>
    </Card>
  );
}
