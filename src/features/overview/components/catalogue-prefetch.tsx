import { useIdle } from '@/lib/idle';
import { lazyComponent } from '@/lib/lazy-component';

/*
 * The catalogue lists start when the signed-in app loads (spec §7: "all run on app load"), once
 * the first screen has painted and the main thread is idle (docs/decisions/0031). Their
 * schemas and queries load then too, not with the overview's first download; if
 * they cannot, each purchase page asks for its own list as it opens. Only this component reads
 * the idle state, so its change re-renders nothing else.
 */
const StartCatalogue = lazyComponent(() =>
  import('@/lib/catalogue').then(({ useCatalogueOnLoad }) => {
    return function StartCatalogue() {
      useCatalogueOnLoad(true);
      return null;
    };
  }),
);

/** Starts every public product list when the browser is first idle; renders nothing. */
export function CataloguePrefetch() {
  const idle = useIdle();
  return idle ? <StartCatalogue /> : null;
}
