import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <section className="empty-state">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link href="/">Back to the endpoints</Link>.
      </p>
    </section>
  );
}
