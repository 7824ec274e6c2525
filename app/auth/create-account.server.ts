import { sql } from "drizzle-orm";
import type { CauseSlug, SkillSlug } from "~/config/causes";
import { VOLUNTEERING_TYPES, type VolunteeringTypeLabel } from "~/config/constants";
import { db, type Transaction } from "~/db/client.server";
import { uniqueViolation } from "~/db/errors.server";
import { accounts, images, institutionMembers, institutions, users, volunteers } from "~/db/schema";
import { ownAccountMembership } from "~/db/team-rows";
import type { AgeFields } from "~/guardians/age-rules";
import { checkGuardianAddress } from "~/guardians/guardian-address.server";
import { askGuardianForAccount } from "~/guardians/guardian-consent.server";
import type { ProcessedImage } from "~/images/pipeline.server";
import { imageToStore, type StagedClaim } from "~/images/staged-images.server";
import { AppError } from "~/lib/app-error";
import { SIGNUP_MESSAGES } from "./signup-schemas";

interface Credentials {
  email: string;
  /** Digits only, with the country code. */
  phone: string;
  /** Already hashed by the auth library when the credentials step passed. */
  passwordHash: string;
}

interface Address {
  uf: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  complete?: string;
}

export interface NewVolunteer {
  credentials: Credentials;
  name: string;
  resume: string;
  uf: string;
  city: string;
  /** A photo processed from the posted file, or a staged one to claim (docs/decisions/0029). */
  photo: ProcessedImage | StagedClaim;
  /** Interests and skills (ADR 0045), optional. */
  causes?: CauseSlug[];
  skills?: SkillSlug[];
  /** Date of birth and, under 18, the guardian asked to consent (ADR 0050). */
  age?: AgeFields;
}

export interface NewInstitution {
  credentials: Credentials;
  name: string;
  cnpj: string;
  responsible: string;
  address: Address;
  resume: string;
  about: string;
  contactEmail: string;
  volunteeringType: VolunteeringTypeLabel;
  permitDivulgation: boolean;
  /** The causes it works for (ADR 0045), optional at sign-up. */
  causes?: CauseSlug[];
  profileImage: ProcessedImage | StagedClaim;
  coverImage: ProcessedImage | StagedClaim;
}

export async function isEmailRegistered(email: string): Promise<boolean> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

export async function isCnpjRegistered(cnpj: string): Promise<boolean> {
  const rows = await db()
    .select({ id: institutions.userId })
    .from(institutions)
    .where(sql`${institutions.cnpj} = ${cnpj}`)
    .limit(1);
  return rows.length > 0;
}

/** Creates a volunteer's user, credential, profile and photo in one transaction. */
export async function createVolunteerAccount(input: NewVolunteer): Promise<string> {
  return inTransaction(async (tx) => {
    const userId = await insertUser(tx, input.credentials, input.name, "VOLUNTEER");
    const photoId = await insertImage(tx, userId, input.photo, "previewImage");
    await tx.insert(volunteers).values({
      userId,
      photoImageId: photoId,
      summary: input.resume,
      state: input.uf,
      city: input.city,
      causes: input.causes ?? [],
      skills: input.skills ?? [],
      birthDate: input.age?.birthDate ?? null,
      guardianName: input.age?.guardianName ?? null,
      guardianEmail: input.age?.guardianEmail ?? null,
    });
    if (input.age?.guardianName && input.age.guardianEmail) {
      await checkGuardianAddress(tx, {
        ownEmail: input.credentials.email,
        guardianEmail: input.age.guardianEmail,
      });
      await askGuardianForAccount(tx, {
        volunteerId: userId,
        volunteerName: input.name,
        guardianName: input.age.guardianName,
        guardianEmail: input.age.guardianEmail,
      });
    }
    return userId;
  });
}

/** Creates an institution (PENDING review) with its user, credential and images in one transaction. */
export async function createInstitutionAccount(input: NewInstitution): Promise<string> {
  return inTransaction(async (tx) => {
    const userId = await insertUser(tx, input.credentials, input.name, "INSTITUTION");
    const profileImageId = await insertImage(tx, userId, input.profileImage, "previewImage");
    const coverImageId = await insertImage(tx, userId, input.coverImage, "landingImage");
    await tx.insert(institutions).values({
      userId,
      name: input.name,
      cnpj: input.cnpj,
      responsible: input.responsible,
      contactEmail: input.contactEmail,
      summary: input.resume,
      about: input.about,
      volunteeringType: VOLUNTEERING_TYPES[input.volunteeringType],
      permitDivulgation: input.permitDivulgation,
      permitDivulgationAt: input.permitDivulgation ? new Date() : null,
      causes: input.causes ?? [],
      status: "PENDING",
      profileImageId,
      coverImageId,
      street: input.address.street,
      number: input.address.number,
      neighborhood: input.address.neighborhood,
      complement: input.address.complete || null,
      city: input.address.city,
      state: input.address.uf,
    });
    // The account that signed up with the CNPJ is the institution's first responsável (issue 41).
    await tx.insert(institutionMembers).values(ownAccountMembership(userId));
    return userId;
  });
}

async function insertUser(
  tx: Transaction,
  credentials: Credentials,
  name: string,
  profile: "VOLUNTEER" | "INSTITUTION",
): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({
      email: credentials.email,
      // A stranger typed this address: it receives only what the person asked for until the
      // link the sign-up e-mails (startEmailConfirmation) is used (ADR 0069).
      emailVerified: false,
      name,
      phone: credentials.phone,
      role: "USER",
      profile,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  await tx.insert(accounts).values({
    userId: user.id,
    accountId: user.id,
    providerId: "credential",
    password: credentials.passwordHash,
  });
  return user.id;
}

/** Stores the image; a staged one is claimed in this transaction, only by its own draft. */
async function insertImage(
  tx: Transaction,
  ownerId: string,
  image: ProcessedImage | StagedClaim,
  field: string,
): Promise<string> {
  const stored = await imageToStore(tx, image, field);
  const [row] = await tx
    .insert(images)
    .values({ ownerId, ...stored })
    .returning({ id: images.id });
  if (!row) throw new Error("image insert returned nothing");
  return row.id;
}

/** Unique violations become a "conflict" on the field (email or cnpj) already registered. */
async function inTransaction(work: (tx: Transaction) => Promise<string>): Promise<string> {
  try {
    return await db().transaction(work);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "users_email_lower_key")
      throw new AppError("conflict", SIGNUP_MESSAGES.emailTaken, { field: "email" });
    if (constraint === "institutions_cnpj_unique")
      throw new AppError("conflict", SIGNUP_MESSAGES.cnpjTaken, { field: "cnpj" });
    throw error;
  }
}
