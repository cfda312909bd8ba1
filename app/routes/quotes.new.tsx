// A request for quote: its lines from the cart (?from=cart), a saved list (?list=<id>), one part
// (?product=<partNumber>&qty=N), or pasted or uploaded `PART, QTY[, DESCRIPTION]` lines; with a
// needed-by date, a ship-to from the company's address book and notes. A visitor signs in first
// and comes back here (docs/decisions/quotes.md).
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { formatAddress } from "../../domain/addresses/address";
import { can, refusals } from "../../domain/companies/companies";
import {
  MAX_PASTED_QUOTE,
  MAX_QUOTE_NOTES,
  MAX_QUOTE_PART_NUMBER,
  MAX_QUOTE_QUANTITY,
  quoteRequestSchema,
} from "../../domain/quotes/quote-request";
import type { QuoteSource } from "../../domain/quotes/quotes";
import { formatNumber } from "../../domain/text/numbers";
import { getProfile } from "../../server/accounts/account-overview";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import { cartLines } from "../../server/cart/cart";
import { currentCart } from "../../server/cart/cart-cookie";
import { listsOf } from "../../server/cart/saved-lists";
import { StoreError } from "../../server/errors";
import { readForm } from "../../server/forms";
import { earliestNeededBy, latestNeededBy, requestQuote, shipToChoices } from "../../server/quotes/requests";
import { redirectWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import type { Route } from "./+types/quotes.new";

export function meta() {
  return [{ title: "Request a Quote | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  const url = new URL(request.url);
  const { cartId } = await currentCart({ request, context }, { create: false });
  const [profile, lists, shipTos, cart] = await Promise.all([
    getProfile(buyer),
    listsOf(buyer),
    shipToChoices(buyer),
    cartId ? cartLines(cartId) : [],
  ]);
  const listId = url.searchParams.get("list")?.slice(0, 100) ?? "";
  const product = url.searchParams.get("product")?.slice(0, MAX_QUOTE_PART_NUMBER) ?? "";
  const qty = Math.min(Math.max(Math.floor(Number(url.searchParams.get("qty")) || 1), 1), MAX_QUOTE_QUANTITY);
  const source: QuoteSource =
    url.searchParams.get("from") === "cart" ? "cart" : listId ? "list" : product ? "product" : "paste";
  const role = profile?.companyRole ?? null;
  return data(
    {
      canRequest: role !== null && can(role, "placeOrders"),
      source,
      listId,
      product,
      qty,
      lists: lists.map((list) => ({ id: list.id, name: list.name, lines: list.lines })),
      cart: cart.map((line) => ({ partNumber: line.partNumber, name: line.name, quantity: line.quantity })),
      shipTos: shipTos.map((shipTo) => ({
        id: shipTo.id,
        label: `${shipTo.label}: ${formatAddress(shipTo.address).slice(0, 3).join(", ")}`,
        isDefault: shipTo.isDefault,
      })),
      earliest: earliestNeededBy(),
      latest: latestNeededBy(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The uploaded file's text when one was chosen, else the pasted box's. */
async function pastedText(form: FormData): Promise<string | undefined> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_PASTED_QUOTE)
      throw new StoreError("Invalid", "That file is too long: upload at most 100 lines.");
    return file.text();
  }
  const lines = form.get("lines");
  return typeof lines === "string" ? lines : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  const form = await readForm(request);
  try {
    const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
    const parsed = quoteRequestSchema.safeParse({ ...fields, lines: await pastedText(form) });
    if (!parsed.success) throw new StoreError("Invalid", parsed.error.issues[0]?.message ?? "Check the form.");
    const { cartId } = await currentCart({ request, context }, { create: false });
    const quoteNumber = await requestQuote(buyer, parsed.data, { cartId });
    return redirectWithToast(`/account/quotes/${quoteNumber}`, {
      type: "success",
      title: `Quote ${quoteNumber} requested`,
      description: "We will answer with prices by e-mail, usually within one business day.",
    });
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return data({ message: error.message }, error.status);
  }
}

const textareaClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

export default function RequestQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { canRequest, lists, cart, shipTos } = loaderData;
  const [source, setSource] = useState<string>(loaderData.source);
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Breadcrumb
        crumbs={[
          { label: "My Account", to: "/account" },
          { label: "Quotes", to: "/account/quotes" },
          { label: "Request a Quote" },
        ]}
      />
      <h1 className="text-3xl font-bold text-slate-950">Request a Quote</h1>
      <p className="text-slate-700">
        Tell us what you need and by when: we answer with prices for each line, usually within one business day. Parts
        we do not list are welcome too: describe them.
      </p>
      {!canRequest ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
          {refusals.placeOrders}
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-6">
          <input type="hidden" name="source" value={source} />
          <Card>
            <CardHeader>
              <CardTitle>What to quote</CardTitle>
            </CardHeader>
            <CardContent>
              <Tabs value={source} onValueChange={setSource}>
                <TabsList className="grid grid-cols-2 sm:grid-cols-4">
                  <TabsTrigger value="paste">Paste or upload</TabsTrigger>
                  <TabsTrigger value="cart">From cart</TabsTrigger>
                  <TabsTrigger value="list">From a list</TabsTrigger>
                  <TabsTrigger value="product">One part</TabsTrigger>
                </TabsList>
                <TabsContent value="paste" className="mt-4 space-y-4">
                  <div className="space-y-1">
                    <Label htmlFor="quote-lines">
                      Parts{" "}
                      <span className="font-normal text-slate-700">
                        (one "PART, QTY" per line; for a part we do not list, add a description: "PART, QTY,
                        DESCRIPTION")
                      </span>
                    </Label>
                    <textarea
                      id="quote-lines"
                      name="lines"
                      rows={7}
                      maxLength={MAX_PASTED_QUOTE}
                      placeholder={"GW-45-001, 50\nFD-80-001, 200\nSPECIAL-1, 10, Stainless bracket 10 mm"}
                      className={`${textareaClass} font-mono`}
                    />
                  </div>
                  <div className="space-y-1">
                    <Label htmlFor="quote-file">
                      Or upload a file{" "}
                      <span className="font-normal text-slate-700">(.txt or .csv, the same columns)</span>
                    </Label>
                    <Input id="quote-file" name="file" type="file" accept=".txt,.csv,text/plain,text/csv" />
                  </div>
                </TabsContent>
                <TabsContent value="cart" className="mt-4">
                  {cart.length === 0 ? (
                    <p className="text-slate-700">Your cart is empty.</p>
                  ) : (
                    <ul className="divide-y divide-slate-200" aria-label="Parts in your cart">
                      {cart.map((line) => (
                        <li key={line.partNumber} className="flex justify-between gap-2 py-2 text-sm">
                          <span>
                            {line.name} <span className="text-slate-700">({line.partNumber})</span>
                          </span>
                          <span>Qty {formatNumber(line.quantity)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="mt-2 text-sm text-slate-700">Your cart stays as it is.</p>
                </TabsContent>
                <TabsContent value="list" className="mt-4 space-y-1">
                  <Label htmlFor="quote-list">Saved list</Label>
                  {lists.length === 0 ? (
                    <p className="text-slate-700">Your company has no saved lists yet.</p>
                  ) : (
                    <select
                      id="quote-list"
                      name="listId"
                      defaultValue={loaderData.listId}
                      className={`${textareaClass} h-10`}
                    >
                      {lists.map((list) => (
                        <option key={list.id} value={list.id}>
                          {list.name} ({list.lines} item(s))
                        </option>
                      ))}
                    </select>
                  )}
                </TabsContent>
                <TabsContent value="product" className="mt-4 grid gap-4 sm:grid-cols-2">
                  <div className="space-y-1">
                    <Label htmlFor="quote-part">Part number</Label>
                    <Input
                      id="quote-part"
                      name="partNumber"
                      defaultValue={loaderData.product}
                      maxLength={MAX_QUOTE_PART_NUMBER}
                    />
                  </div>
                  <div className="space-y-1">
                    <Label htmlFor="quote-quantity">Quantity</Label>
                    <Input
                      id="quote-quantity"
                      name="quantity"
                      type="number"
                      min={1}
                      max={MAX_QUOTE_QUANTITY}
                      defaultValue={loaderData.qty}
                    />
                  </div>
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Delivery</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-1">
                <Label htmlFor="quote-needed-by" className="block">
                  Needed by <span className="font-normal text-slate-700">(optional)</span>
                </Label>
                <Input
                  id="quote-needed-by"
                  name="neededBy"
                  type="date"
                  min={loaderData.earliest}
                  max={loaderData.latest}
                  className="max-w-xs"
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor="quote-ship-to">Ship to</Label>
                {shipTos.length === 0 ? (
                  <p className="text-slate-700">
                    Add a shipping address to your profile or your company's address book first.
                  </p>
                ) : (
                  <select
                    id="quote-ship-to"
                    name="shipTo"
                    defaultValue={shipTos.find((shipTo) => shipTo.isDefault)?.id ?? shipTos[0]?.id}
                    className={`${textareaClass} h-10`}
                  >
                    {shipTos.map((shipTo) => (
                      <option key={shipTo.id} value={shipTo.id}>
                        {shipTo.label}
                      </option>
                    ))}
                  </select>
                )}
              </div>
              <div className="space-y-1">
                <Label htmlFor="quote-notes">
                  Notes <span className="font-normal text-slate-700">(optional)</span>
                </Label>
                <textarea
                  id="quote-notes"
                  name="notes"
                  rows={3}
                  maxLength={MAX_QUOTE_NOTES}
                  className={textareaClass}
                />
              </div>
            </CardContent>
          </Card>
          {actionData?.message && (
            <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" role="alert">
              {actionData.message}
            </p>
          )}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Send Request"}
          </Button>
        </Form>
      )}
    </div>
  );
}
