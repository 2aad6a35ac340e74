import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/idle';

/*
 * The catalogue lists start when the signed-in app loads (spec §7: "all run on app load"), once
 * the first screen has painted and the main thread is idle (docs/decisions/0031). Their
 * schemas and queries load then too, not with the overview's first download (issue 27).
 * Only this component reads the idle state, so its change re-renders nothing else.
 */
const StartCatalogue = lazy(() =>
  import('@/lib/catalogue').then(({ useCatalogueOnLoad }) => ({
    default: function StartCatalogue() {
      useCatalogueOnLoad(true);
      return null;
    },
  })),
);

/** Starts every public product list when the browser is first idle; renders nothing. */
export function CataloguePrefetch() {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <StartCatalogue />
    </Suspense>
  );
}
