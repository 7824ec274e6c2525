import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { RefreshButton } from "../ui/refresh-button";
import { SectionHeading } from "../ui/section-heading";
import { Spinner } from "../ui/spinner";

/**
 * A section's title with "Atualizar": a GET form carrying only the section (and tab), so it
 * reloads from page 1 without the search, with or without JavaScript. `atualizar=1` tells the
 * loader it was a refresh, so a failure says so (docs/spec.md 8).
 */
export function SectionHeader({
  title,
  description,
  hidden,
}: {
  title: string;
  description?: ReactNode;
  hidden: Record<string, string>;
}) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <SectionHeading as="h1" id="titulo-secao" title={title} description={description} />
      <div className="flex items-center gap-3">
        {loading ? (
          <span role="status" className="flex items-center gap-2 text-sm text-ink-muted">
            <Spinner />
            Carregando…
          </span>
        ) : null}
        <Form method="get" action="/admin/dashboard" preventScrollReset>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="atualizar" value="1" />
          <RefreshButton type="submit" loading={loading} />
        </Form>
      </div>
    </div>
  );
}
