// The search box with suggestions as you type: an ARIA 1.2 combobox with a listbox popup of the
// query itself, the query within the categories of the parts found ("in Abrasives"), matching
// categories, and the products, each with its picture. Up/Down move through the options, Enter opens
// the highlighted one (or submits the surrounding form when none is highlighted), Escape closes
// the list, then clears the box. Without JavaScript it is a plain search input inside its GET form.

import { clsx } from "clsx";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { CategorySuggestion } from "../../../domain/catalog/category-suggestions";
import { searchHref } from "../../../domain/catalog/search-params";
import { ProductPicture } from "../catalog/product-picture";
import { type MemberPrice, ShelfPrice, useMemberPrices } from "../member-prices";
import { useTypedBeforeHydration } from "../use-typed-before-hydration";

export interface Suggestion {
  slug: string;
  name: string;
  partNumber: string;
  brand: string;
  price: string;
  /** Its first picture, or its line drawing. */
  image: string;
  /** The OEM or competitor number typed, when this part replaces it. */
  replaces?: string;
}

type Option =
  | { kind: "query"; key: string; query: string }
  | ({ kind: "category"; key: string } & CategorySuggestion)
  | ({ kind: "product"; key: string } & Suggestion);

const hrefOf = (option: Option) =>
  option.kind === "query"
    ? searchHref({ q: option.query })
    : option.kind === "category"
      ? option.href
      : `/products/${option.slug}`;

const DEBOUNCE_MS = 150;

export function SearchSuggest({
  id,
  name = "q",
  defaultValue = "",
  placeholder = "Search by part number, keyword, or SKU...",
  className,
  autoFocus,
  typedAlready = false,
  "aria-describedby": describedBy,
}: {
  id: string;
  name?: string;
  defaultValue?: string;
  placeholder?: string;
  className?: string;
  /** For the header's box, which is swapped for this one when first focused. */
  autoFocus?: boolean;
  /** Whether `defaultValue` was typed (and wants suggestions) rather than shown. */
  typedAlready?: boolean;
  "aria-describedby"?: string;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(typedAlready);
  const input = useRef<HTMLInputElement>(null);
  // Stops the suggestions asked for and not shown yet: once the list is closed (the search sent,
  // the box left), an answer arriving after must not open it again over the next page.
  const cancelPending = useRef(() => {});

  // The header's box is swapped for this one as the buyer focuses it: focus and caret follow,
  // before the browser handles the next key (an effect after the paint let a letter fall on the page).
  useLayoutEffect(() => {
    const box = input.current;
    if (!autoFocus || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [autoFocus]);

  useEffect(() => {
    setValue(defaultValue);
  }, [defaultValue]);
  useTypedBeforeHydration(input, defaultValue, (early) => {
    typed.current = true;
    setValue(early);
  });

  useEffect(() => {
    const query = value.trim();
    if (!typed.current || query.length < 2) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/search/suggest?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        const body = (await response.json()) as { suggestions: Suggestion[]; categories?: CategorySuggestion[] };
        setSuggestions([
          { kind: "query", key: "query", query },
          ...(body.categories ?? []).map((category) => ({
            kind: "category" as const,
            key: `category:${category.href}`,
            ...category,
          })),
          ...body.suggestions.map((product) => ({
            kind: "product" as const,
            key: `product:${product.slug}`,
            ...product,
          })),
        ]);
        setActive(-1);
        setOpen(true);
      } catch {
        // Aborted by the next keystroke, or offline: the form still submits.
      }
    }, DEBOUNCE_MS);
    cancelPending.current = () => {
      clearTimeout(timer);
      controller.abort();
    };
    return cancelPending.current;
  }, [value]);

  const close = () => {
    cancelPending.current();
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: Option) => {
    close();
    typed.current = false;
    navigate(hrefOf(option));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the last suggestion back to the box, and from the box up to the last one.
      setActive((current) => {
        const next = current + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
    } else if (event.key === "Enter") {
      const suggestion = open ? suggestions[active] : undefined;
      if (suggestion) {
        event.preventDefault();
        choose(suggestion);
      } else {
        // The search is sent: what was typed waits for no suggestions, even when the box is focused again.
        typed.current = false;
        close();
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        close();
      } else setValue("");
    } else if (event.key === "Tab") close();
  };

  // The suggestions are shared (cached for everyone); a member's own prices come by their own request.
  const memberPrices = useMemberPrices(
    suggestions.flatMap((option) => (option.kind === "product" ? [option.partNumber] : [])),
  );
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeSuggestion = open ? suggestions[active] : undefined;

  return (
    <div className={clsx("relative min-w-0 flex-1", className)}>
      <input
        id={id}
        type="search"
        name={name}
        value={value}
        maxLength={200}
        ref={input}
        autoComplete="off"
        placeholder={placeholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeSuggestion ? optionId(active) : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          typed.current = true;
          setValue(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => suggestions.length > 0 && typed.current && setOpen(true)}
        className="h-10 w-full rounded-l-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((option, index) => (
          <div
            key={option.key}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // Keeps focus in the box, so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onKeyDown={() => {}}
            className="flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm text-slate-900 aria-selected:bg-brand-50 hover:bg-slate-100"
          >
            <OptionContent
              option={option}
              member={option.kind === "product" ? memberPrices[option.partNumber] : undefined}
            />
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {open ? `${suggestions.length} suggestions available. Use up and down arrows to choose.` : ""}
      </p>
    </div>
  );
}

function OptionContent({ option, member }: { option: Option; member: MemberPrice | undefined }) {
  if (option.kind === "query")
    return (
      <span className="min-w-0 truncate">
        Search for <span className="font-semibold">"{option.query}"</span>
      </span>
    );
  if (option.kind === "category" && option.within !== undefined)
    return (
      // Under the query's own option, as McMaster-Carr has it; its name says the whole of what it does.
      <span className="min-w-0 truncate pl-4">
        <span className="sr-only">Search for "{option.within}" </span>
        in <span className="font-semibold">{option.name}</span>
      </span>
    );
  if (option.kind === "category")
    return (
      <span className="min-w-0">
        <span className="block truncate font-medium">{option.name}</span>
        <span className="block text-xs text-slate-600">
          {option.parent ? `Category · ${option.parent}` : "Category"}
        </span>
      </span>
    );
  return (
    <>
      {/* The name beside it says what it is. */}
      <ProductPicture src={option.image} alt="" sizes="40px" className="size-10 shrink-0 rounded" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{option.name}</span>
        <span className="block font-mono text-xs text-slate-600">
          {option.partNumber} · {option.brand}
        </span>
        {option.replaces && <span className="block text-xs text-slate-700">Replaces {option.replaces}</span>}
      </span>
      <ShelfPrice price={option.price} member={member} className="shrink-0 font-semibold" />
    </>
  );
}
