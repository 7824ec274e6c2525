import type { MiddlewareFunction } from "react-router";
import { findInstitutionStatus } from "~/institutions/institution-profile.server";
import { redirect } from "~/web/redirect.server";
import { sessionContext } from "~/web/session.server";

/**
 * After requireUser("INSTITUTION"): only an APPROVED institution manages its profile, events and
 * applications; one under review (or rejected) goes back to its status screen.
 */
export const requireApprovedInstitution: MiddlewareFunction<Response> = async ({ context }) => {
  const user = context.get(sessionContext);
  if (!user || (await findInstitutionStatus(user.id)) !== "APPROVED")
    throw redirect("/app/instituicao");
};
