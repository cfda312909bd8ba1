/** The store's mark and name, drawn inline (no image request). */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-9" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="#172554" />
        <path d="M7 23l9-15 9 15z" fill="#f59e0b" />
        <path d="M12 23l4-7 4 7z" fill="#172554" />
      </svg>
      <span className="leading-tight">
        <span className="block text-lg font-extrabold tracking-tight text-brand-900">Cascade</span>
        <span className="block text-xs font-semibold tracking-widest text-slate-700 uppercase">Industrial Supply</span>
      </span>
    </span>
  );
}
