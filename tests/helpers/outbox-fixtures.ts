import { eq } from "drizzle-orm";
import { createInstitutionAccount, createVolunteerAccount } from "~/auth/create-account.server";
import type { Database } from "~/db/client.server";
import { institutions } from "~/db/schema";
import { processImageUpload } from "~/images/pipeline.server";
import { makeJpeg } from "./images";

/**
 * For tests below the HTTP layer (tests/integration): an APPROVED institution (in Niterói) and a
 * volunteer, written through the app's own account creation with real processed pictures.
 */
export async function institutionAndVolunteer(
  db: Database,
  people: {
    institution: {
      name: string;
      email: string;
      contactEmail: string;
      resume: string;
      about: string;
    };
    volunteer: { name: string; email: string; resume: string };
  },
): Promise<{ institutionId: string; volunteerId: string }> {
  const photo = await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile");
  const cover = await processImageUpload(
    new Blob([new Uint8Array(await makeJpeg({ width: 900, height: 340 }))]),
    "cover",
  );
  const credentials = (email: string, phone: string) => ({ email, phone, passwordHash: "x" });
  const { institution, volunteer } = people;
  const institutionId = await createInstitutionAccount({
    credentials: credentials(institution.email, "552133334444"),
    name: institution.name,
    cnpj: "11222333000181",
    responsible: "Marta Silva",
    address: { uf: "RJ", city: "Niterói", street: "Rua A", number: "1", neighborhood: "Icaraí" },
    resume: institution.resume,
    about: institution.about,
    contactEmail: institution.contactEmail,
    volunteeringType: "Presencial",
    permitDivulgation: true,
    profileImage: photo,
    coverImage: cover,
  });
  await db
    .update(institutions)
    .set({ status: "APPROVED" })
    .where(eq(institutions.userId, institutionId));
  const volunteerId = await createVolunteerAccount({
    credentials: credentials(volunteer.email, "5521988887777"),
    name: volunteer.name,
    resume: volunteer.resume,
    uf: "RJ",
    city: "Niterói",
    photo,
  });
  return { institutionId, volunteerId };
}
