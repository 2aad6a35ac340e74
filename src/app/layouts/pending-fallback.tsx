/** A small spinner that screen readers announce as "Loading". */
export function Spinner({ className = '' }: { className?: string }) {
  return (
    <div role="status" aria-label="Loading" className={`inline-flex items-center ${className}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6 animate-spin text-brand motion-reduce:animate-none"
        fill="none"
      >
        <circle
          cx="12"
          cy="12"
          r="10"
          stroke="currentColor"
          strokeWidth="3"
          className="opacity-25"
        />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** Shown on first load while the page's code chunk downloads. */
export function PendingFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg">
      <Spinner />
    </div>
  );
}
