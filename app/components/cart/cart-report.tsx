import { useCart } from "./use-cart";

/**
 * What the last reorder or list-to-cart left out or changed, named line by line (the toast says it
 * too, but a long list of names needs to stay readable on the page).
 */
export function CartReport() {
  const { fetcher } = useCart();
  const problems = fetcher.state === "idle" ? fetcher.data?.problems : undefined;
  return (
    <div aria-live="polite" role="status">
      {problems && problems.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
          <p className="font-semibold">Not added as asked:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
