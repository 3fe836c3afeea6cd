'use client';

/** Previous/next for a paginated admin list; nothing when it fits on one page. */
export function Pager({
  meta,
  onPage,
}: {
  meta: { current_page: number; last_page: number };
  onPage: (page: number) => void;
}) {
  if (meta.last_page <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="plain-button small"
        disabled={meta.current_page <= 1}
        onClick={() => onPage(meta.current_page - 1)}
      >
        Previous
      </button>
      <span>
        Page {meta.current_page} of {meta.last_page}
      </span>
      <button
        type="button"
        className="plain-button small"
        disabled={meta.current_page >= meta.last_page}
        onClick={() => onPage(meta.current_page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
