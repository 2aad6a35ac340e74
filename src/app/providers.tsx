import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { swrConfig, useApiCacheReset } from '@/lib/swr';

/** Drops every cached answer when the session ends, so the next user never sees the last one's data. */
function CacheReset() {
  useApiCacheReset();
  return null;
}

/** App-wide providers. `value` lets tests and stories extend the SWR defaults. */
export function Providers({ children, value }: { children: ReactNode; value?: SWRConfiguration }) {
  return (
    <SWRConfig value={{ ...swrConfig, ...value }}>
      <CacheReset />
      {children}
    </SWRConfig>
  );
}
