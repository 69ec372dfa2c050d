/** Shown with JS while a request detail loads on a client-side navigation (spec: skeletons). */
export function RequestSkeleton() {
  const bar = "animate-pulse rounded bg-gray-4";
  return (
    <div className="flex max-w-5xl flex-col gap-5" aria-busy="true" data-testid="request-skeleton">
      <div className={`${bar} h-8 w-64`} />
      <div className={`${bar} h-4 w-96 max-w-full`} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="flex flex-col gap-2 rounded-lg border border-gray-6 bg-white p-5">
            <div className={`${bar} h-5 w-40`} />
            <div className={`${bar} h-4 w-full`} />
            <div className={`${bar} h-4 w-3/4`} />
          </div>
        ))}
      </div>
    </div>
  );
}
