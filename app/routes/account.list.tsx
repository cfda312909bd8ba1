// One saved list: change quantities, remove lines, rename or delete it, and put the whole list or
// the lines chosen into the cart (through /api/reorder, the same report as a reorder).
import { ShoppingCart, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import type { z } from "zod";
import { listActionSchema, MAX_LIST_NAME, MAX_LIST_QUANTITY } from "../../domain/cart/saved-lists";
import {
  DEFAULT_SALE_UNIT,
  orderRuleNote,
  perUnit,
  smallestQuantity,
  soldEach,
  unitName,
} from "../../domain/catalog/sale-units";
import { requireBuyer } from "../../server/accounts/session";
import { deleteList, findList, removeListLine, renameList, setListLineQuantity } from "../../server/cart/saved-lists";
import { dispatchIntent, type FormIntent, parsedFields, refusedPage } from "../../server/form-intents";
import { memberPrices } from "../../server/pricing/member-prices";
import { dataWithToast, redirectWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { CartReport } from "../components/cart/cart-report";
import { useCart } from "../components/cart/use-cart";
import { type MemberPrice, ShelfPrice } from "../components/member-prices";
import { NotFoundBoundary } from "../components/not-found-panel";
import { PackLine } from "../components/orders/pack-line";
import { RequestQuoteButton } from "../components/request-quote-button";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import type { Route } from "./+types/account.list";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.list.name ?? "List not found"} | Saved Lists | Cascade Industrial Supply` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const list = await findList(buyer, params.listId).catch(refusedPage);
  // This page is the member's own (never cached): their company's prices are filled in here.
  const prices = await memberPrices(
    buyer,
    list.lines.map((line) => line.partNumber),
  );
  return data({ list, prices }, { headers: { "Cache-Control": "private, no-store" } });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <NotFoundBoundary error={error} title="List not found" backTo="/account/lists" backLabel="Back to Saved Lists" />
  );
}

type ListAction = z.output<typeof listActionSchema>;

/** The form's change, read by the list's schema: the intent the dispatcher chose, with its fields. */
const changeOf = <Intent extends ListAction["intent"]>(formData: FormData) =>
  parsedFields(Object.fromEntries(formData), listActionSchema) as Extract<ListAction, { intent: Intent }>;

const failure = "The list was not changed";

/** The list page's forms, by the intent they send. */
const intents: Record<string, FormIntent> = {
  rename: {
    failure,
    async handle(buyer, formData, { params }) {
      const { name } = changeOf<"rename">(formData);
      await renameList(buyer, String(params.listId), name);
      return dataWithToast({ ok: true }, { type: "success", title: `List renamed to "${name}"` });
    },
  },
  delete: {
    failure,
    async handle(buyer, formData, { params }) {
      changeOf<"delete">(formData);
      const list = await deleteList(buyer, String(params.listId));
      return redirectWithToast("/account/lists", { type: "success", title: `List "${list.name}" deleted` });
    },
  },
  "set-quantity": {
    failure,
    async handle(buyer, formData, { params }) {
      const { lineId, quantity } = changeOf<"set-quantity">(formData);
      await setListLineQuantity(buyer, String(params.listId), lineId, quantity);
      return dataWithToast({ ok: true }, { type: "success", title: "Quantity updated" });
    },
  },
  "remove-line": {
    failure,
    async handle(buyer, formData, { params }) {
      const { lineId } = changeOf<"remove-line">(formData);
      await removeListLine(buyer, String(params.listId), lineId);
      return dataWithToast({ ok: true }, { type: "success", title: "Item removed from the list" });
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

type List = Route.ComponentProps["loaderData"]["list"];

export default function SavedListPage({ loaderData: { list, prices } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb
        crumbs={[
          { label: "My Account", to: "/account" },
          { label: "Saved Lists", to: "/account/lists" },
          { label: list.name },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold break-words text-slate-950">{list.name}</h1>
        <div className="flex flex-wrap gap-2">
          <RenameList key={list.name} name={list.name} />
          <DeleteList name={list.name} />
        </div>
      </div>
      <ListLines list={list} prices={prices} />
    </div>
  );
}

function ListLines({ list, prices }: { list: List; prices: Record<string, MemberPrice> }) {
  const { fetcher } = useCart();
  const [chosen, setChosen] = useState<string[]>([]);
  const formId = useId();
  if (list.lines.length === 0) {
    return (
      <Card>
        <CardContent className="py-8 text-center text-slate-700">
          This list is empty. Add items from a product page, your cart or an order.
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="py-5">
        <fetcher.Form method="post" action="/api/reorder" id={formId}>
          <input type="hidden" name="intent" value="list" />
          <input type="hidden" name="listId" value={list.id} />
          {chosen.map((id) => (
            <input key={id} type="hidden" name="lineId" value={id} />
          ))}
        </fetcher.Form>
        <ul className="divide-y divide-slate-200">
          {list.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
              <input
                type="checkbox"
                id={`choose-${line.id}`}
                checked={chosen.includes(line.id)}
                onChange={(event) =>
                  setChosen((now) => (event.target.checked ? [...now, line.id] : now.filter((id) => id !== line.id)))
                }
                className="size-4 accent-brand-800"
              />
              <label htmlFor={`choose-${line.id}`} className="min-w-48 flex-1">
                <span className="block font-medium text-slate-950">{line.name}</span>
                <span className="block font-mono text-slate-600">{line.partNumber}</span>
                <span className="block text-slate-700">
                  {line.price === null ? (
                    "No longer available"
                  ) : (
                    <>
                      <ShelfPrice price={line.price} member={prices[line.partNumber]} />{" "}
                      {perUnit(line.rule ?? soldEach)}
                    </>
                  )}
                  {line.stockLevel === 0 && " · Out of stock"}
                </span>
                {line.price !== null && line.rule && orderRuleNote(line.rule) && (
                  <span className="block text-slate-700">{orderRuleNote(line.rule)}</span>
                )}
                {line.price !== null && line.rule && (
                  <PackLine
                    line={{ ...line.rule, unitPrice: prices[line.partNumber]?.price ?? line.price }}
                    className="text-slate-700"
                  />
                )}
              </label>
              <LineQuantity line={line} />
              <Form method="post">
                <input type="hidden" name="intent" value="remove-line" />
                <input type="hidden" name="lineId" value={line.id} />
                <Button type="submit" variant="ghost" size="icon" aria-label={`Remove ${line.name} from the list`}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" form={formId} disabled={fetcher.state !== "idle"}>
            <ShoppingCart aria-hidden="true" />
            {chosen.length > 0 ? `Add Selected to Cart (${chosen.length})` : "Add List to Cart"}
          </Button>
          <RequestQuoteButton label="Request a quote" variant="outline" size="default" from={{ list: list.id }} />
        </div>
        <p className="mt-2 text-sm text-slate-700">Items are added to your cart at today's prices.</p>
        <div className="mt-3">
          <CartReport />
        </div>
      </CardContent>
    </Card>
  );
}

function LineQuantity({ line }: { line: List["lines"][number] }) {
  const { id: lineId, quantity, name, rule } = line;
  const busy = useNavigation().state !== "idle";
  const id = `quantity-${lineId}`;
  return (
    <Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="set-quantity" />
      <input type="hidden" name="lineId" value={lineId} />
      <div className="space-y-1">
        <Label htmlFor={id} className="text-xs">
          Quantity{rule && rule.unit !== DEFAULT_SALE_UNIT ? ` (${unitName(rule.unit, 2)})` : ""}
          <span className="sr-only"> of {name}</span>
        </Label>
        <Input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={rule ? smallestQuantity(rule) : 1}
          step={rule?.orderMultiple ?? 1}
          max={MAX_LIST_QUANTITY}
          defaultValue={quantity}
          key={quantity}
          required
          className="h-8 w-24"
        />
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Update quantity of ${name}`}>
        Update
      </Button>
    </Form>
  );
}

function RenameList({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Rename
      </Button>
      <DialogContent>
        <DialogTitle>Rename list</DialogTitle>
        <DialogDescription>Give the list a name you will recognise.</DialogDescription>
        <Form method="post" onSubmit={() => setOpen(false)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="rename" />
          <div className="space-y-1">
            <Label htmlFor="rename-list">List name</Label>
            <Input id="rename-list" name="name" defaultValue={name} required maxLength={MAX_LIST_NAME} />
          </div>
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteList({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete List
      </Button>
      <DialogContent>
        <DialogTitle>Delete "{name}"?</DialogTitle>
        <DialogDescription>
          The list and its items are removed. Your cart and orders stay as they are.
        </DialogDescription>
        <Form method="post" className="mt-4 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <DialogCancel>Keep List</DialogCancel>
          <Button type="submit" variant="destructive">
            Delete List
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
