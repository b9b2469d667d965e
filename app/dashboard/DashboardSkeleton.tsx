/**
 * The dashboard's shape while its code or its figures come: tiles and charts
 * as shimmering blocks of their real size, so nothing jumps when they land.
 * In the main bundle (the lazy dashboard chunk's Suspense fallback uses it).
 */
/** The dashboard's shape while its figures come: tiles and charts as grey blocks, nothing that jumps later. */
export function DashboardSkeleton() {
  return (
    <section className="dashboard" aria-label="Dashboard" aria-busy="true" data-testid="dashboard-skeleton">
      <p className="visually-hidden">Counting the room's figures…</p>
      <div className="tiles">
        {[0, 1, 2].map((n) => (
          <div key={n} className="card tile">
            <span className="skeleton skeleton-text" />
            <span className="skeleton skeleton-figure" />
          </div>
        ))}
      </div>
      {[0, 1, 2].map((n) => (
        <div key={n} className="card">
          <span className="skeleton skeleton-heading" />
          <span className="skeleton skeleton-chart" />
        </div>
      ))}
    </section>
  );
}
