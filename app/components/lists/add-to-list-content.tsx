import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "../../lib/toast";
import type { ListsResponse } from "../../routes/api.lists";
import { Button } from "../ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import type { LazyDialogProps } from "../ui/lazy-dialog";

export interface ListItem {
  productId: string;
  quantity: number;
}

const NEW_LIST = "new";

/**
 * The Add to List dialog: one of the buyer's saved lists, or a new one. The lists are fetched when
 * it opens, so the (cacheable) page it sits on stays the same for everyone. Loaded on first use.
 */
export default function AddToListContent({
  items,
  open,
  onOpenChange,
  onCloseAutoFocus,
  layerClassName,
}: LazyDialogProps & { items: ListItem[]; layerClassName?: string }) {
  const fetcher = useFetcher<ListsResponse>();
  const [choice, setChoice] = useState("");
  const id = useId();
  const { pathname, search } = useLocation();
  const { load } = fetcher;
  useEffect(() => {
    if (open) load("/api/lists");
  }, [open, load]);
  const lists = fetcher.data?.lists ?? [];
  const chosen = choice || (lists[0]?.id ?? NEW_LIST);
  const saved = fetcher.data?.saved;
  useEffect(() => {
    if (fetcher.state !== "idle" || !saved) return;
    toast.success(`Added to "${saved.name}"`);
    onOpenChange(false);
  }, [fetcher.state, saved, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} layerClassName={layerClassName}>
        <DialogTitle>Add to List</DialogTitle>
        <DialogDescription>
          Save {items.length === 1 ? "this item" : `these ${items.length} items`} to a list to order again later.
        </DialogDescription>
        {fetcher.data && !fetcher.data.signedIn ? (
          <p className="mt-4 text-sm">
            <Link
              to={`/auth?redirectTo=${encodeURIComponent(pathname + search)}`}
              className="font-semibold text-brand-700 underline"
            >
              Sign in
            </Link>{" "}
            to save lists.
          </p>
        ) : (
          <fetcher.Form method="post" action="/api/lists" className="mt-4 space-y-4">
            {items.map((item) => (
              <span key={item.productId}>
                <input type="hidden" name="productId" value={item.productId} />
                <input type="hidden" name="quantity" value={Math.min(item.quantity, 9999)} />
              </span>
            ))}
            <div className="space-y-1">
              <Label htmlFor={`${id}-list`}>List</Label>
              <select
                id={`${id}-list`}
                name={chosen === NEW_LIST ? undefined : "listId"}
                value={chosen}
                onChange={(event) => setChoice(event.target.value)}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {lists.map((list) => (
                  <option key={list.id} value={list.id}>
                    {list.name}
                  </option>
                ))}
                <option value={NEW_LIST}>New list…</option>
              </select>
            </div>
            {chosen === NEW_LIST && (
              <div className="space-y-1">
                <Label htmlFor={`${id}-name`}>New list name</Label>
                <Input id={`${id}-name`} name="newName" required maxLength={80} autoComplete="off" />
              </div>
            )}
            {fetcher.data?.message && (
              <p className="text-sm text-red-700" role="alert">
                {fetcher.data.message}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <DialogCancel />
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                Save to List
              </Button>
            </div>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
