export const root: string;
export function buildWebIfStale(mode: 'server' | 'mock'): Promise<void>;
