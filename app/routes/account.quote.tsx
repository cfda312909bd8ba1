// One of the company's quotes: what was asked for, every version the store sent (each line priced,
// unavailable or an alternative; valid until; its message), the history of moves with who and
// when, and the buyer's moves allowed now. Another company's quote answers 404.
import { data, Form, Link, useNavigation } from "react-router";
import { type Address, formatAddress } from "../../domain/addresses/address";
import { quantityWithUnit } from "../../domain/catalog/sale-units";
import { can } from "../../domain/companies/companies";
import { formatShortDate, STORE_TIME_ZONE, storeDay } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { formatDay, MAX_QUOTE_COMMENT, quoteMoveSchema, quoteStatusLabels } from "../../domain/quotes/quote-request";
import { canMoveQuote } from "../../domain/quotes/quotes";
import { getProfile } from "../../server/accounts/account-overview";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import { handleForm, refusedPage } from "../../server/form-intents";
import { findQuote, moveOwnQuote } from "../../server/quotes/requests";
import { dataWithToast, redirectWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { NotFoundBoundary } from "../components/not-found-panel";
import { PackLine } from "../components/orders/pack-line";
import { QuoteStatusBadge } from "../components/quote-status-badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Label } from "../components/ui/label";
import { type StackedColumn, StackedTable } from "../components/ui/stacked-table";
import type { Route } from "./+types/account.quote";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: `${loaderData?.quote ? `Quote ${loaderData.quote.quoteNumber}` : "Quote not found"} | Cascade Industrial Supply`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  const [{ quote, requestLines, versions, events }, profile] = await Promise.all([
    findQuote(buyer, params.quoteNumber),
    getProfile(buyer),
  ]).catch(refusedPage);
  const role = profile?.companyRole ?? null;
  return data(
    {
      quote: {
        quoteNumber: quote.quoteNumber,
        status: quote.status,
        createdAt: quote.createdAt.toISOString(),
        neededBy: quote.neededBy,
        shipTo: quote.shipTo,
        notes: quote.notes,
        currentVersion: quote.currentVersion,
        orderNumber: null as string | null,
      },
      requestLines: requestLines.map(({ id, partNumber, description, quantity, unit, productId }) => ({
        id,
        partNumber,
        description,
        quantity,
        unit,
        listed: productId !== null,
      })),
      versions: versions.map((version) => ({
        version: version.version,
        validUntil: version.validUntil,
        message: version.message,
        subtotal: version.subtotalAmount,
        createdAt: version.createdAt.toISOString(),
        lines: version.lines.map((line) => ({
          requestLineId: line.requestLineId,
          outcome: line.outcome,
          productName: line.productName,
          productSku: line.productSku,
          quantity: line.quantity,
          unit: line.unit,
          packQuantity: line.packQuantity,
          unitPrice: line.unitPrice,
          totalPrice: line.totalPrice,
          note: line.note,
        })),
      })),
      events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
      canMove: role !== null && can(role, "placeOrders"),
      today: storeDay(new Date()),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const titles = {
  accept: "Quote accepted",
  revise: "Revision requested",
  decline: "Quote declined",
  withdraw: "Request withdrawn",
} as const;

export function action(args: Route.ActionArgs) {
  return handleForm(args, {
    async handle(buyer, form, { params }) {
      const quoteNumber = String(params.quoteNumber);
      const parsed = quoteMoveSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success)
        return dataWithToast(
          { ok: false },
          { type: "error", title: parsed.error.issues[0]?.message ?? "Check the form." },
          400,
        );
      await moveOwnQuote(buyer, quoteNumber, parsed.data);
      // An accepted quote goes straight to its checkout at the quoted prices.
      const to = parsed.data.intent === "accept" ? `/checkout?quote=${quoteNumber}` : `/account/quotes/${quoteNumber}`;
      return redirectWithToast(to, { type: "success", title: titles[parsed.data.intent] });
    },
  });
}

type QuotedLine = Extract<
  Route.ComponentProps["loaderData"],
  { versions: unknown }
>["versions"][number]["lines"][number];

/** What the store quoted for a line: the part, another part, or nothing, with its note. */
function QuotedAs({ line }: { line: QuotedLine }) {
  return (
    <>
      {line.outcome === "unavailable" ? (
        <span className="font-semibold text-slate-900">Unavailable</span>
      ) : line.outcome === "alternative" ? (
        <>
          <span className="font-semibold text-slate-900">Alternative: </span>
          {line.productName} ({line.productSku})
        </>
      ) : (
        <>
          {line.productName}
          {line.productSku && <span className="block text-slate-700">{line.productSku}</span>}
        </>
      )}
      {line.note && <span className="block text-slate-700">{line.note}</span>}
    </>
  );
}

const textareaClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} title="Quote not found" backTo="/account/quotes" backLabel="Back to Quotes" />;
}

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { quote, requestLines, versions, events, canMove, today } = loaderData;
  const current = versions.find((version) => version.version === quote.currentVersion);
  const lineById = new Map(requestLines.map((line) => [line.id, line]));
  const currentValid = current !== undefined && current.validUntil >= today;
  const lineColumns: StackedColumn<QuotedLine>[] = [
    {
      header: "Asked for",
      primary: true,
      cell: (line) => {
        const asked = lineById.get(line.requestLineId);
        return (
          <>
            {asked?.description}
            {asked?.partNumber && <span className="block font-normal text-slate-700">{asked.partNumber}</span>}
          </>
        );
      },
    },
    { header: "Quoted", wide: true, cell: (line) => <QuotedAs line={line} /> },
    { header: "Qty", nowrap: true, cell: (line) => quantityWithUnit(line.quantity, line.unit) },
    {
      header: "Unit price",
      nowrap: true,
      cell: (line) =>
        line.unitPrice ? (
          <>
            {formatUsd(line.unitPrice)}
            <PackLine line={{ ...line, unitPrice: line.unitPrice }} className="font-normal text-slate-700" />
          </>
        ) : (
          "—"
        ),
    },
    { header: "Total", nowrap: true, cell: (line) => (line.totalPrice ? formatUsd(line.totalPrice) : "—") },
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb
        crumbs={[
          { label: "My Account", to: "/account" },
          { label: "Quotes", to: "/account/quotes" },
          { label: quote.quoteNumber },
        ]}
      />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-950">Quote {quote.quoteNumber}</h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="text-slate-700">
        Requested {formatShortDate(quote.createdAt)}
        {quote.neededBy && <> · needed by {formatDay(quote.neededBy)}</>}
      </p>

      {canMove && quote.status === "quoted" && current && (
        <Card>
          <CardHeader>
            <CardTitle>Your answer to version {current.version}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            {currentValid ? (
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="version" value={current.version} />
                <p className="text-slate-700">
                  Valid until {formatDay(current.validUntil)}: accept it to check out at these prices.
                </p>
                <Button type="submit" disabled={busy}>
                  Accept Quote
                </Button>
              </Form>
            ) : (
              <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
                This quote was valid until {formatDay(current.validUntil)} and has expired: it can no longer be
                accepted.
              </p>
            )}
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="revise" />
              <Label htmlFor="revise-comment">What should change?</Label>
              <textarea
                id="revise-comment"
                name="comment"
                rows={3}
                required
                maxLength={MAX_QUOTE_COMMENT}
                className={textareaClass}
              />
              <Button type="submit" variant="outline" disabled={busy}>
                Ask for a Revision
              </Button>
            </Form>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="decline" />
              <Label htmlFor="decline-comment">
                Why decline? <span className="font-normal text-slate-700">(optional)</span>
              </Label>
              <textarea
                id="decline-comment"
                name="comment"
                rows={2}
                maxLength={MAX_QUOTE_COMMENT}
                className={textareaClass}
              />
              <Button type="submit" variant="outline" disabled={busy}>
                Decline Quote
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}
      {quote.status === "expired" && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
          {current
            ? `This quote was valid until ${formatDay(current.validUntil)} and has expired`
            : "This quote has expired"}
          : it can no longer be accepted.{" "}
          <Link to="/quotes/new" className="font-medium text-brand-700 underline">
            Request a new quote
          </Link>
        </p>
      )}
      {canMove && quote.status === "accepted" && (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
            <p className="text-slate-700">
              You accepted version {quote.currentVersion}. Check out to place the order at its prices.
            </p>
            <Button asChild>
              <Link to={`/checkout?quote=${quote.quoteNumber}`}>Check Out at Quoted Prices</Link>
            </Button>
          </CardContent>
        </Card>
      )}

      {versions.length === 0 && (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800">
          We are preparing your prices and will e-mail you when they are ready.
        </p>
      )}
      {versions.map((version) => (
        <Card key={version.version}>
          <CardHeader>
            <CardTitle>
              Version {version.version}
              {version.version === quote.currentVersion ? " (current)" : ""}
            </CardTitle>
            <p className="text-sm text-slate-700">
              Sent {formatShortDate(version.createdAt)} · valid until {formatDay(version.validUntil)}
            </p>
            {version.message && <p className="whitespace-pre-line text-slate-800">{version.message}</p>}
            <a
              href={`/account/quotes/${quote.quoteNumber}/pdf/${version.version}`}
              className="inline-block text-sm text-brand-700 underline"
            >
              Download version {version.version} as PDF
            </a>
          </CardHeader>
          <CardContent className="p-0">
            <StackedTable
              caption={`Prices of version ${version.version}`}
              rows={version.lines}
              rowKey={(line) => line.requestLineId}
              columns={lineColumns}
              footer={{ label: "Subtotal", value: formatUsd(version.subtotal) }}
            />
          </CardContent>
        </Card>
      ))}

      <Card>
        <CardHeader>
          <CardTitle>What you asked for</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="divide-y divide-slate-200">
            {requestLines.map((line) => (
              <li key={line.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span>
                  {line.description}
                  {line.partNumber && <span className="text-slate-700"> ({line.partNumber})</span>}
                  {!line.listed && <span className="text-slate-700"> · not in our catalogue</span>}
                </span>
                <span>Qty {quantityWithUnit(line.quantity, line.unit)}</span>
              </li>
            ))}
          </ul>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-semibold text-slate-950">Ship to</h3>
              <p className="text-sm text-slate-800">
                {[
                  quote.shipTo.label,
                  ...formatAddress({
                    ...quote.shipTo,
                    line2: quote.shipTo.line2 ?? undefined,
                    state: quote.shipTo.state as Address["state"],
                  }),
                ]
                  .filter(Boolean)
                  .map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
              </p>
            </div>
            {quote.notes && (
              <div>
                <h3 className="font-semibold text-slate-950">Notes</h3>
                <p className="whitespace-pre-line text-sm text-slate-800">{quote.notes}</p>
              </div>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-2 text-sm">
            {events.map((event) => (
              <li key={`${event.at}-${event.toStatus}`}>
                <span className="font-semibold text-slate-950">{quoteStatusLabels[event.toStatus]}</span>
                {" · "}
                {formatShortDate(event.at)}{" "}
                {new Date(event.at).toLocaleTimeString("en-US", {
                  timeZone: STORE_TIME_ZONE,
                  hour: "numeric",
                  minute: "2-digit",
                })}
                {" · "}
                {event.actor ?? "Cascade Industrial Supply"}
                {event.comment && <span className="block text-slate-700">“{event.comment}”</span>}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      {canMove && canMoveQuote(quote.status, "withdrawn") && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="withdraw" />
          <Button type="submit" variant="outline" disabled={busy}>
            Withdraw Request
          </Button>
        </Form>
      )}
    </div>
  );
}
