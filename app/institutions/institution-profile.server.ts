import { eq } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import type { CauseSlug } from "~/config/causes";
import {
  type InstitutionStatus,
  VOLUNTEERING_TYPES,
  type VolunteeringTypeLabel,
} from "~/config/constants";
import { db, type Transaction } from "~/db/client.server";
import { institutions, users } from "~/db/schema";
import { listText } from "~/forms/choice-list";
import { imageUrl } from "~/images/images.server";
import { discardImages, type PreparedImage, storeImage } from "~/images/stored-images.server";
import type { FieldChange } from "~/lib/field-changes";
import { type InstitutionFieldValues, institutionChanges } from "./institution-changes";

/** The institution's own profile, always looked up by its id (its own account's user id). */

/** What the top of the institution's area shows of it, to every member of its team. */
export interface InstitutionCard {
  name: string;
  email: string;
  photoUrl: string | null;
}

export async function findInstitutionCard(institutionId: string): Promise<InstitutionCard> {
  const [row] = await db()
    .select({ name: institutions.name, email: users.email, photo: institutions.profileImageId })
    .from(institutions)
    .innerJoin(users, eq(users.id, institutions.userId))
    .where(eq(institutions.userId, institutionId))
    .limit(1);
  if (!row) throw new Error(`institution ${institutionId} has no profile row`);
  return { name: row.name, email: row.email, photoUrl: row.photo ? imageUrl(row.photo) : null };
}

/** Where the institution's own review stands, for its area's notes. */
export interface InstitutionReviewState {
  reviewReason: string | null;
  resubmitted: boolean;
  proposedName: string | null;
}

export async function findInstitutionReviewState(userId: string): Promise<InstitutionReviewState> {
  const [row] = await db()
    .select({
      reviewReason: institutions.reviewReason,
      resubmittedAt: institutions.resubmittedAt,
      proposedName: institutions.proposedName,
    })
    .from(institutions)
    .where(eq(institutions.userId, userId))
    .limit(1);
  return {
    reviewReason: row?.reviewReason ?? null,
    resubmitted: Boolean(row?.resubmittedAt),
    proposedName: row?.proposedName ?? null,
  };
}

export interface InstitutionProfile {
  status: InstitutionStatus;
  /** 14 characters, no punctuation: shown, never edited. */
  cnpj: string;
  /** The public name (`values.name` is what the form shows: a name in review, if any). */
  approvedName: string;
  /** A new name an approved institution asked for, waiting for the admins. */
  proposedName: string | null;
  /** Why the last rejection was made, when the admin said. */
  reviewReason: string | null;
  /** When a rejected record was corrected and sent back for review. */
  resubmittedAt: string | null;
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  values: InstitutionFieldValues;
}

const LABEL_BY_TYPE = Object.fromEntries(
  Object.entries(VOLUNTEERING_TYPES).map(([label, type]) => [type, label]),
) as Record<string, VolunteeringTypeLabel>;

const recordColumns = {
  status: institutions.status,
  cnpj: institutions.cnpj,
  name: institutions.name,
  proposedName: institutions.proposedName,
  reviewReason: institutions.reviewReason,
  resubmittedAt: institutions.resubmittedAt,
  profile: institutions.profileImageId,
  cover: institutions.coverImageId,
  responsible: institutions.responsible,
  representativeName: institutions.representativeName,
  representativeRole: institutions.representativeRole,
  phone: users.phone,
  uf: institutions.state,
  city: institutions.city,
  street: institutions.street,
  number: institutions.number,
  neighborhood: institutions.neighborhood,
  complement: institutions.complement,
  resume: institutions.summary,
  about: institutions.about,
  volunteeringType: institutions.volunteeringType,
  contactEmail: institutions.contactEmail,
  causes: institutions.causes,
};

/** The columns valuesOf reads (the row selected with recordColumns). */
interface RecordRow {
  name: string;
  proposedName: string | null;
  responsible: string;
  representativeName: string | null;
  representativeRole: string | null;
  phone: string | null;
  uf: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string | null;
  resume: string;
  about: string;
  volunteeringType: string;
  contactEmail: string;
  causes: string[];
}

/** The form's values of a row; `name` is the name the institution last asked for. */
function valuesOf(row: RecordRow): InstitutionFieldValues {
  return {
    name: row.proposedName ?? row.name,
    responsible: row.responsible,
    representativeName: row.representativeName ?? "",
    representativeRole: row.representativeRole ?? "",
    phone: row.phone ?? "",
    uf: row.uf,
    city: row.city,
    street: row.street,
    number: row.number,
    neighborhood: row.neighborhood,
    complete: row.complement ?? "",
    resume: row.resume,
    about: row.about,
    volunteeringType: LABEL_BY_TYPE[row.volunteeringType] ?? "Presencial",
    contactEmail: row.contactEmail,
    causes: listText(row.causes),
  };
}

/** Throws when the row is missing: a signed-in institution always has one. */
export async function getInstitutionProfile(userId: string): Promise<InstitutionProfile> {
  const [row] = await db()
    .select(recordColumns)
    .from(institutions)
    .innerJoin(users, eq(users.id, institutions.userId))
    .where(eq(institutions.userId, userId))
    .limit(1);
  if (!row) throw new Error(`institution ${userId} has no profile row`);
  return {
    status: row.status as InstitutionStatus,
    cnpj: row.cnpj,
    approvedName: row.name,
    proposedName: row.proposedName,
    reviewReason: row.reviewReason,
    resubmittedAt: row.resubmittedAt?.toISOString() ?? null,
    profileImageUrl: row.profile ? imageUrl(row.profile) : null,
    coverImageUrl: row.cover ? imageUrl(row.cover) : null,
    values: valuesOf(row),
  };
}

export interface InstitutionProfileInput
  extends Omit<
    InstitutionFieldValues,
    "complete" | "causes" | "representativeName" | "representativeRole"
  > {
  /** Who signs termos and certificates (ADR 0067): both or neither; absent when nobody. */
  representativeName?: string;
  representativeRole?: string;
  /** ADR 0045: none when not given (kept as they are). */
  causes?: CauseSlug[];
  /** The complement; absent or empty when the address has none. */
  complete?: string;
  profileImage: PreparedImage;
  coverImage: PreparedImage;
}

/** What a save did, for the page's message. */
export type ProfileUpdateOutcome = {
  changes: FieldChange[];
  /** An approved institution's new name, waiting for the admins (the public keeps the old one). */
  nameInReview: boolean;
  /** A rejected institution's record went back to review (PENDING). */
  resubmitted: boolean;
};

/**
 * Saves the whole record but the CNPJ, in one transaction with its photos (replaced images
 * are deleted with it), by status (issue 14):
 * - PENDING: everything applies at once, the name too.
 * - APPROVED: everything applies at once but the name, which waits in proposed_name for an
 *   admin (approveProposedName): the public page and the directory (whose search table a
 *   trigger fills from institutions.name) keep the approved name until then. Asking for the
 *   current name again withdraws a pending request.
 * - REJECTED: everything applies and the record goes back to review: PENDING, resubmitted_at,
 *   the list of changes (review_reason stays, so the admin sees both), audit
 *   "institution.resubmit".
 * Any other save with changes is audited "institution.update"; a save changing nothing writes
 * no audit entry (a rejected one is still resubmitted: asking for a second look is the point).
 */
export async function updateInstitutionProfile(
  userId: string,
  input: InstitutionProfileInput,
  /** The responsável saving it (issue 41); the institution's own account when left out. */
  actorId = userId,
): Promise<ProfileUpdateOutcome> {
  return db().transaction(async (tx) => {
    const mine = eq(institutions.userId, userId);
    const [current] = await tx
      .select(recordColumns)
      .from(institutions)
      .innerJoin(users, eq(users.id, institutions.userId))
      .where(mine)
      .for("update", { of: institutions });
    if (!current) throw new Error("institution profile not found");
    const status = current.status as InstitutionStatus;
    const profile = await storeImage(
      tx,
      userId,
      input.profileImage,
      current.profile,
      "previewImage",
    );
    const cover = await storeImage(tx, userId, input.coverImage, current.cover, "landingImage");
    const causes = input.causes ?? (current.causes as CauseSlug[]);
    const representative =
      input.representativeName && input.representativeRole
        ? { name: input.representativeName, role: input.representativeRole }
        : null;
    const after: InstitutionFieldValues = {
      ...input,
      representativeName: representative?.name ?? "",
      representativeRole: representative?.role ?? "",
      complete: input.complete ?? "",
      causes: listText(causes),
    };
    const changes = institutionChanges(valuesOf(current), after, {
      previewImage: profile.id !== current.profile,
      landingImage: cover.id !== current.cover,
    });

    const nameInReview = status === "APPROVED" && input.name !== current.name;
    await tx
      .update(institutions)
      .set({
        ...(status === "APPROVED"
          ? { proposedName: nameInReview ? input.name : null }
          : { name: input.name }),
        responsible: input.responsible,
        representativeName: representative?.name ?? null,
        representativeRole: representative?.role ?? null,
        state: input.uf,
        city: input.city,
        street: input.street,
        number: input.number,
        neighborhood: input.neighborhood,
        complement: input.complete || null,
        profileImageId: profile.id,
        coverImageId: cover.id,
        summary: input.resume,
        about: input.about,
        contactEmail: input.contactEmail,
        volunteeringType: VOLUNTEERING_TYPES[input.volunteeringType],
        causes,
        ...(status === "REJECTED"
          ? { status: "PENDING", resubmittedAt: new Date(), resubmissionChanges: changes }
          : {}),
      })
      .where(mine);
    await tx
      .update(users)
      .set({
        phone: input.phone,
        // The account's name follows the institution's public name (admin lists, e-mails).
        ...(status === "APPROVED" ? {} : { name: input.name }),
      })
      .where(eq(users.id, userId));
    await discardImages(tx, [profile.replaced, cover.replaced]);
    await auditSave(tx, { userId, actorId, status, name: current.name, changes });
    return { changes, nameInReview, resubmitted: status === "REJECTED" };
  });
}

async function auditSave(
  tx: Transaction,
  save: {
    userId: string;
    actorId: string;
    status: InstitutionStatus;
    name: string;
    changes: FieldChange[];
  },
) {
  const resubmit = save.status === "REJECTED";
  if (!resubmit && save.changes.length === 0) return;
  await recordAudit(tx, {
    actorId: save.actorId,
    action: resubmit ? "institution.resubmit" : "institution.update",
    targetType: "institution",
    targetId: save.userId,
    details: { name: save.name, changes: save.changes },
  });
}
