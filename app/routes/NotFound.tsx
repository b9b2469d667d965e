import { Link } from "wouter";

export function NotFound() {
  return (
    <main className="page narrow empty-state">
      <h1>Page not found</h1>
      <p>
        <Link href="/">Back to your rooms</Link>
      </p>
    </main>
  );
}
