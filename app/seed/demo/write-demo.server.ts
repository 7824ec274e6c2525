import { randomUUID } from "node:crypto";
import {
  accounts,
  events,
  images,
  institutionMembers,
  institutions,
  users,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { ownAccountMembership } from "~/db/team-rows";
import { CAUSE_SLUG_OF } from "../content/causes.server";
import { credentialAccount, type DbExecutor } from "../credentials.server";
import { ArtworkPool } from "../images/artwork-pool.server";
import type { DemoPlan, PlannedEvent, PlannedInstitution } from "./plan-types.server";

/** What a demo rejection says, so the institution's screen and the admin's record show one. */
const DEMO_REJECTION_REASON =
  "A descrição não deixa claro o trabalho da instituição. Contem quais atividades os voluntários fazem e em que dias.";

/** Rows per INSERT: keeps each statement's parameter list and payload moderate. */
const BATCH = 100;

/** Pictures rendered for a plan, looked up by what they show. */
export interface DemoArtwork {
  pool: ArtworkPool;
  logoOf(institution: PlannedInstitution): string;
  coverOf(institution: PlannedInstitution): string;
  coverOfEvent(event: PlannedEvent, index: number): string;
  photoOf(palette: number): string;
}

export async function renderDemoArtwork(plan: DemoPlan): Promise<DemoArtwork> {
  const pool = new ArtworkPool();
  const artwork: DemoArtwork = {
    pool,
    logoOf: (institution) =>
      pool.logo(institution.initials, institution.cause, institution.palette),
    coverOf: (institution) => pool.cover(institution.cause, institution.coverVariant),
    // Events show the other banner of their cause, so an event does not repeat its host's cover.
    coverOfEvent: (event, index) =>
      pool.cover(event.institution.cause, (event.institution.coverVariant + 1 + index) % 2),
    photoOf: (palette) => pool.avatar(palette),
  };
  for (const institution of plan.institutions) {
    artwork.logoOf(institution);
    artwork.coverOf(institution);
  }
  plan.events.forEach((event, index) => {
    artwork.coverOfEvent(event, index);
  });
  for (const volunteer of plan.volunteers) {
    if (volunteer.photoPalette !== null) artwork.photoOf(volunteer.photoPalette);
  }
  await pool.settle();
  return artwork;
}

export interface DemoAccounts {
  adminId: string;
  /** One hash of the shared demo password, reused: scrypt is slow by design. */
  sharedPasswordHash: string;
}

/** Inserts the plan. Runs inside the caller's transaction; the admin row already exists. */
export async function writeDemo(
  tx: DbExecutor,
  plan: DemoPlan,
  artwork: DemoArtwork,
  demoAccounts: DemoAccounts,
): Promise<void> {
  const { adminId, sharedPasswordHash } = demoAccounts;
  const imageRows: (typeof images.$inferInsert)[] = [];
  /** Every owner gets its own row: deleting one account must not take another's picture. */
  const storeImage = (key: string, ownerId: string, createdAt: Date): string => {
    const id = randomUUID();
    imageRows.push({ id, ownerId, createdAt, ...artwork.pool.get(key) });
    return id;
  };

  const people = [
    ...plan.institutions.map((i) => ({ ...i, profile: "INSTITUTION" as const })),
    ...plan.volunteers.map((v) => ({ ...v, profile: "VOLUNTEER" as const })),
  ];
  await insertInBatches(
    tx,
    users,
    people.map((person) => ({
      id: person.userId,
      email: person.email,
      emailVerified: true,
      name: person.name,
      phone: person.phone,
      role: "USER",
      profile: person.profile,
      createdAt: person.createdAt,
      updatedAt: person.createdAt,
    })),
  );
  await insertInBatches(
    tx,
    accounts,
    people.map((person) => credentialAccount(person.userId, sharedPasswordHash, person.createdAt)),
  );

  const institutionRows = plan.institutions.map((institution) => ({
    userId: institution.userId,
    name: institution.name,
    cnpj: institution.cnpj,
    responsible: institution.responsible,
    representativeName: institution.representativeName,
    representativeRole: institution.representativeRole,
    contactEmail: institution.contactEmail,
    summary: institution.summary,
    about: institution.about,
    volunteeringType: institution.volunteeringType,
    causes: [CAUSE_SLUG_OF[institution.cause]],
    permitDivulgation: institution.permitDivulgation,
    permitDivulgationAt: institution.permitDivulgation ? institution.createdAt : null,
    status: institution.status,
    profileImageId: storeImage(
      artwork.logoOf(institution),
      institution.userId,
      institution.createdAt,
    ),
    coverImageId: storeImage(
      artwork.coverOf(institution),
      institution.userId,
      institution.createdAt,
    ),
    ...institution.address,
    reviewedAt: institution.reviewedAt,
    reviewedBy: institution.reviewedAt ? adminId : null,
    reviewReason: institution.status === "REJECTED" ? DEMO_REJECTION_REASON : null,
    createdAt: institution.createdAt,
    updatedAt: institution.reviewedAt ?? institution.createdAt,
  }));
  const volunteerRows = plan.volunteers.map((volunteer) => ({
    userId: volunteer.userId,
    photoImageId:
      volunteer.photoPalette === null
        ? null
        : storeImage(
            artwork.photoOf(volunteer.photoPalette),
            volunteer.userId,
            volunteer.createdAt,
          ),
    summary: volunteer.summary,
    state: volunteer.state,
    city: volunteer.city,
    createdAt: volunteer.createdAt,
    updatedAt: volunteer.createdAt,
  }));
  const eventRows = plan.events.map((event, index) => ({
    institutionId: event.institution.userId,
    name: event.name,
    eventDate: event.eventDate,
    format: event.format,
    ...event.schedule,
    causes: [CAUSE_SLUG_OF[event.institution.cause]],
    resume: event.resume,
    about: event.about,
    coverImageId: storeImage(
      artwork.coverOfEvent(event, index),
      event.institution.userId,
      event.createdAt,
    ),
    ...event.address,
    status: event.status,
    reviewedAt: event.reviewedAt,
    reviewedBy: event.reviewedAt ? adminId : null,
    createdAt: event.createdAt,
    updatedAt: event.reviewedAt ?? event.createdAt,
  }));

  await insertInBatches(tx, images, imageRows);
  await insertInBatches(tx, institutions, institutionRows);
  await insertInBatches(
    tx,
    institutionMembers,
    institutionRows.map((row) => ownAccountMembership(row.userId, row.createdAt)),
  );
  await insertInBatches(tx, volunteers, volunteerRows);
  await insertInBatches(tx, events, eventRows);
  await insertInBatches(
    tx,
    volunteerRequests,
    plan.requests.map((request) => ({
      volunteerId: request.volunteer.userId,
      institutionId: request.institution.userId,
      replyEmail: request.volunteer.email,
      phone: request.volunteer.phone,
      summary: request.summary,
      status: request.status,
      decidedAt: request.decidedAt,
      createdAt: request.createdAt,
      updatedAt: request.decidedAt ?? request.createdAt,
    })),
  );
}

type InsertableTable =
  | typeof users
  | typeof accounts
  | typeof images
  | typeof institutions
  | typeof institutionMembers
  | typeof volunteers
  | typeof events
  | typeof volunteerRequests;

async function insertInBatches<T extends InsertableTable>(
  tx: DbExecutor,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await tx.insert(table).values(rows.slice(start, start + BATCH) as never);
  }
}
