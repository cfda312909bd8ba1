import { clsx } from "clsx";
import { Search } from "lucide-react";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { SearchSuggest } from "../search/search-suggest";
import { useTypedBeforeHydration } from "../use-typed-before-hydration";

const INPUT_ID = "site-search";
const HINT_ID = "site-search-hint";
const PLACEHOLDER = "Search by part number, keyword, or SKU...";

// The suggestions' code (about 3 KB) loads when the box is first pointed at or focused, so the
// header on every page's first load carries a plain search box only.
const loadSuggest = () => import("../search/search-suggest");

/**
 * The header's search: a plain GET form to /search (an exact part number opens the product) that
 * becomes the suggestions combobox once the buyer focuses it, keeping what was typed and the focus.
 */
export function SearchForm({ className }: { className?: string }) {
  const [Suggest, setSuggest] = useState<ComponentType<Parameters<typeof SearchSuggest>[0]>>();
  const plain = useRef<HTMLInputElement>(null);
  const typed = useRef("");
  // Sent before the suggestions' code came: what was typed is the search just made, not one to suggest for.
  const sent = useRef(false);
  const load = () => {
    loadSuggest()
      .then((module) => setSuggest(() => module.SearchSuggest))
      .catch(() => {
        // Offline or a new deployment: the plain box still searches.
      });
  };
  useTypedBeforeHydration(plain, "", (early) => {
    typed.current = early;
  });
  // Focused before the page hydrated (catalogue pages hydrate after their first paint), the box
  // missed its focus event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the focus from before mounting
  useEffect(() => {
    if (document.activeElement === plain.current) load();
  }, []);
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={clsx("max-w-2xl", className)}
      onSubmit={() => {
        sent.current = true;
      }}
    >
      <label htmlFor={INPUT_ID} className="sr-only">
        Search products
      </label>
      <div className="flex">
        {Suggest ? (
          <Suggest
            id={INPUT_ID}
            placeholder={PLACEHOLDER}
            defaultValue={typed.current}
            typedAlready={!sent.current && typed.current.length > 0}
            autoFocus
            aria-describedby={HINT_ID}
          />
        ) : (
          <input
            ref={plain}
            id={INPUT_ID}
            type="search"
            name="q"
            maxLength={200}
            autoComplete="off"
            placeholder={PLACEHOLDER}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={false}
            aria-controls={`${INPUT_ID}-list`}
            aria-describedby={HINT_ID}
            onPointerEnter={() => void loadSuggest()}
            onFocus={load}
            onChange={(event) => {
              typed.current = event.target.value;
            }}
            className="h-10 min-w-0 flex-1 rounded-l-md border border-slate-300 px-3 text-sm text-slate-900 placeholder:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          />
        )}
        {!Suggest && <div id={`${INPUT_ID}-list`} role="listbox" aria-label="Suggestions" hidden />}
        <button
          type="submit"
          className="flex h-10 shrink-0 items-center gap-2 rounded-r-md bg-brand-800 px-4 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <Search className="size-4" aria-hidden="true" />
          {/* Phones keep the name for screen readers and give the placeholder the room. */}
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </div>
      <p id={HINT_ID} className="mt-1 text-xs text-slate-600">
        Try: "OEM", "Product Type", or "Description"
      </p>
    </Form>
  );
}
