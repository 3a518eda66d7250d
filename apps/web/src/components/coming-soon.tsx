import { Hero } from './hero';

/** Shown by a route whose feature has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <Hero title={title} />
      <p className="muted">This part of the platform is coming soon.</p>
    </>
  );
}
