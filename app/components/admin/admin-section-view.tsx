import { useEffect, useRef } from "react";
import type { SectionData } from "~/admin/admin-sections.server";
import { type AdminQuery, listHref } from "~/admin/admin-url";
import { FlashMessage } from "../layout/flash-message";
import { ConfirmDialog, ErrorDialog, type ReasonRetry, ResultDialog } from "./admin-dialogs";
import { AuditSection } from "./audit-section";
import { confirmationFor } from "./confirmations";
import { DashboardSection } from "./dashboard-section";
import { EventDetailsSection } from "./event-details";
import { EventReviewSetting } from "./event-review-setting";
import { EventsSection } from "./events-section";
import { PeopleList } from "./people-list";
import { InstitutionDetailsSection, VolunteerDetailsSection } from "./record-details";

/** The section the query names, plus whichever dialog the query or the last action opened. */
export function AdminSectionView({
  query,
  data,
  notice,
  actionError,
  reasonRetry,
}: {
  query: AdminQuery;
  data: SectionData | null;
  notice: { message: string; tone: "success" | "error" } | null;
  actionError: string | null;
  /** A rejection refused for its reason: the same dialog again, with what was typed. */
  reasonRetry: ReasonRetry | null;
}) {
  const plainHref = listHref(query);
  useFocusOnSectionChange(`${query.section}:${query.id ?? ""}`);
  const confirm =
    (!actionError || reasonRetry) && data && query.confirm
      ? confirmationFor(data, query.confirm)
      : null;
  const failure = actionError && !confirm ? actionError : null;
  return (
    <>
      <FlashMessage flash={notice} />
      {data ? <Section data={data} query={query} /> : null}
      {confirm ? (
        <ConfirmDialog
          key={plainHref + confirm.intent + (reasonRetry?.message ?? "")}
          spec={confirm}
          cancelHref={plainHref}
          retry={reasonRetry}
        />
      ) : null}
      {failure ? <ErrorDialog message={failure} closeHref={plainHref} /> : null}
      {query.result && !actionError ? (
        <ResultDialog result={query.result} closeHref={plainHref} />
      ) : null}
    </>
  );
}

function Section({ data, query }: { data: SectionData; query: AdminQuery }) {
  switch (data.section) {
    case "dashboard":
      return <DashboardSection {...data} />;
    case "voluntarios":
    case "instituicoes":
      return <PeopleList kind={data.section} query={query} list={data.list} />;
    case "eventos":
      return (
        <>
          <EventsSection query={query} list={data.list} />
          <div className="mt-10">
            <EventReviewSetting eventChangesNeedReview={data.settings.eventChangesNeedReview} />
          </div>
        </>
      );
    case "auditoria":
      return <AuditSection audit={data.audit} query={query} />;
    case "voluntario":
      return <VolunteerDetailsSection record={data.record} />;
    case "instituicao":
      return <InstitutionDetailsSection record={data.record} query={query} />;
    case "evento":
      return <EventDetailsSection record={data.record} query={query} />;
  }
}

/**
 * Sections switch in place, so a screen reader hears nothing of the new one unless focus moves:
 * after the first render, a new section or record puts focus on the content (scrolling to the
 * top is the router's default for a new location).
 */
function useFocusOnSectionChange(key: string) {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    document.getElementById("conteudo")?.focus({ preventScroll: true });
  }, [key]);
}
