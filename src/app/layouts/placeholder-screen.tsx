import { PageTitle } from './layout-parts';

/** Stand-in for a screen a later issue builds: its name and one honest line. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <PageTitle title={title} />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted">This screen is being built.</p>
    </div>
  );
}
