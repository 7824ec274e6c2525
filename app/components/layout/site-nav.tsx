import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { cx } from "../ui/class-names";
import { CloseIcon, MenuIcon } from "../ui/icons-common";
import { useHydrated } from "../ui/use-hydrated";
import { currentOf, type NavItem } from "./site-sections";

/**
 * The header's links in a row (wide screens) or as the phone menu's list: every link at least
 * 44 px tall, the current section marked by colour and a bar, not by colour alone.
 */
export function NavLinks({ items, layout }: { items: NavItem[]; layout: "row" | "list" }) {
  const { pathname } = useLocation();
  return (
    <ul className={layout === "row" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
      {items.map((item) => {
        const current = currentOf(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={current}
              className={cx(
                "relative flex min-h-11 items-center rounded-xl px-3 font-semibold focus-ring",
                layout === "list" && "px-4 text-base",
                current
                  ? "bg-brand-50 text-brand-900"
                  : "text-ink hover:bg-brand-50 hover:text-brand-800",
                current &&
                  (layout === "row"
                    ? "after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:rounded-full after:bg-brand-700"
                    : "before:absolute before:inset-y-2 before:left-1 before:w-1 before:rounded-full before:bg-brand-700"),
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const BUTTON =
  "flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1.5 rounded-xl border border-line px-3 text-sm font-semibold text-brand-900 select-none hover:bg-brand-50 focus-ring [&::-webkit-details-marker]:hidden";
const PANEL =
  "absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-white px-4 pt-3 pb-5 shadow-card";

/**
 * The phone menu: a "Menu" button that opens the header's links below the bar. Rendered on the
 * server as <details>/<summary>, so it opens without JavaScript; once React runs it becomes a
 * disclosure button (aria-expanded, aria-controls) that closes on Escape (focus back on the
 * button), on a tap outside and on navigation. ADR 0030.
 */
export function PhoneMenu({ children, className }: { children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A followed link (or any navigation) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  const label = (
    <>
      {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
      Menu
    </>
  );

  if (!hydrated) {
    return (
      <details className={className}>
        <summary className={BUTTON}>{label}</summary>
        <div id={panelId} className={PANEL}>
          {children}
        </div>
      </details>
    );
  }
  return (
    <div ref={wrapper} className={className}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={BUTTON}
      >
        {label}
      </button>
      <div id={panelId} hidden={!open} className={PANEL}>
        {children}
      </div>
    </div>
  );
}
