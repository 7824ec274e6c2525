import { cx } from "./class-names";

/** A grey placeholder block with the shape of content still loading (size it with className). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx("animate-pulse rounded-lg bg-line motion-reduce:animate-none", className)}
    />
  );
}

/** A card-shaped placeholder for lists (image, title, two lines), announced once as loading. */
export function CardSkeleton({ label = "Carregando..." }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 shadow-card"
    >
      <span className="sr-only">{label}</span>
      <Skeleton className="aspect-video w-full rounded-xl" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}
