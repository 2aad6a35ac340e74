import type { ReactNode } from 'react';

/**
 * The frame every auth screen shares: one centred column, full width on a 360 px phone, a
 * card from the small breakpoint up. The heading is the page's h1.
 */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <section className="flex flex-col gap-6 sm:rounded-2xl sm:border sm:border-border sm:bg-bg sm:p-8 sm:shadow-sm">
        <header className="flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </header>
        {children}
        {footer ? <div className="flex flex-col gap-2 text-sm text-muted">{footer}</div> : null}
      </section>
    </div>
  );
}

/**
 * A text link inside an auth screen (react-router `Link` styled as the design system's link).
 * On a touch screen it is a 44 px tall target (WCAG 2.5.5): these links ("Forgot password?",
 * "Back to login") stand on their own line, where the inline exception does not cover them.
 */
export const authLinkClass =
  'font-medium text-brand underline-offset-4 hover:underline rounded outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand pointer-coarse:inline-flex pointer-coarse:min-h-control pointer-coarse:min-w-control pointer-coarse:items-center pointer-coarse:justify-center';
