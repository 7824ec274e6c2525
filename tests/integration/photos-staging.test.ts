import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createVolunteerAccount } from "~/auth/create-account.server";
import { signupPhoto } from "~/auth/signup-photos.server";
import { images, stagedImages, volunteers } from "~/db/schema";
import { StagedImage } from "~/forms/staged-image-field";
import { STAGED_IMAGE_GONE } from "~/images/image-messages";
import { processImageUpload, uploadQuota } from "~/images/pipeline.server";
import {
  findStagedImage,
  STAGED_PER_UPLOADER,
  stageImage,
  uploaderOf,
} from "~/images/staged-images.server";
import { prepareImage } from "~/images/stored-images.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { AppError } from "~/lib/app-error";
import { getVolunteerProfile, updateVolunteerProfile } from "~/volunteers/volunteer-profile.server";
import { databaseForFile } from "../helpers/database";
import { makeJpeg } from "../helpers/images";

/**
 * Issue 13, photos uploaded before their form is sent (docs/decisions/0029): a staged photo goes
 * through the pipeline and its quota when staged, is claimed only by its own uploader (and kind),
 * in the save's transaction, and is deleted by housekeeping after a day if nobody claims it.
 */
const database = databaseForFile();

const jpeg = async (color: string) =>
  new Blob([new Uint8Array(await makeJpeg({ width: 1600, height: 1200, color }))]);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("it was accepted");
}

let volunteerCount = 0;
async function volunteer(): Promise<string> {
  volunteerCount += 1;
  return createVolunteerAccount({
    credentials: {
      email: `foto${volunteerCount}@teste.org.br`,
      phone: "5581988887777",
      passwordHash: "x",
    },
    name: "Rita Campos",
    resume: "Gosto de ensinar crianças a ler.",
    uf: "PE",
    city: "Recife",
    photo: await processImageUpload(await jpeg("#0f766e"), "profile"),
  });
}

const profileInput = { name: "Rita Campos", uf: "PE", city: "Recife", summary: "Gosto de ler." };

/** Stages a new photo for the volunteer `owner`; its token. */
const stageFor = async (owner: string, color = "#be185d") =>
  stageImage(await jpeg(color), "profile", uploaderOf.user(owner), uploadQuota.account(owner));

/** The volunteer's claim of a staged photo, as their profile form's save makes it. */
const claimBy = (userId: string, token: string) =>
  prepareImage(new StagedImage(token), "profile", undefined, uploaderOf.user(userId));

const stagedCount = async () =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(stagedImages))[0]?.n;

describe("staging a photo", () => {
  it("runs it through the pipeline (downsized WebP) and binds it to its uploader", async () => {
    const owner = await volunteer();
    const token = await stageFor(owner);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await database.db.select().from(stagedImages);
    expect(row).toMatchObject({ uploader: `user:${owner}`, kind: "profile", width: 800 });
    // Only the token's digest is stored.
    expect(row?.id).not.toBe(token);
    expect(await findStagedImage(token, uploaderOf.user(owner))).not.toBeNull();
    expect(await findStagedImage(token, uploaderOf.user(await volunteer()))).toBeNull();
    await database.db.delete(stagedImages);
  });

  it("keeps at most a few per uploader, dropping the oldest", async () => {
    const owner = await volunteer();
    const tokens: string[] = [];
    for (let i = 0; i < STAGED_PER_UPLOADER + 2; i++) {
      tokens.push(await stageFor(owner, "#1d4ed8"));
    }
    expect(await stagedCount()).toBe(STAGED_PER_UPLOADER);
    expect(await findStagedImage(tokens[0] ?? "", uploaderOf.user(owner))).toBeNull();
    expect(await findStagedImage(tokens.at(-1) ?? "", uploaderOf.user(owner))).not.toBeNull();
    await database.db.delete(stagedImages);
  });
});

describe("claiming a staged photo", () => {
  it("its uploader's save claims it: the profile gets it, the staged row is gone", async () => {
    const owner = await volunteer();
    const token = await stageFor(owner);
    const photo = await claimBy(owner, token);
    await updateVolunteerProfile(owner, { ...profileInput, photo });
    const profile = await getVolunteerProfile(owner);
    const [stored] = await database.db
      .select({ width: images.width, ownerId: images.ownerId })
      .from(images)
      .innerJoin(volunteers, eq(volunteers.photoImageId, images.id))
      .where(eq(volunteers.userId, owner));
    expect(stored).toEqual({ width: 800, ownerId: owner });
    expect(profile?.photoUrl).toBeTruthy();
    expect(await stagedCount()).toBe(0);
  });

  it("another person's token is refused, nothing changes, and the owner can still claim it", async () => {
    const owner = await volunteer();
    const intruder = await volunteer();
    const token = await stageFor(owner);
    const before = await getVolunteerProfile(intruder);
    const stolen = await claimBy(intruder, token);
    const error = await refusal(
      updateVolunteerProfile(intruder, { ...profileInput, photo: stolen }),
    );
    expect(error.message).toBe(STAGED_IMAGE_GONE);
    expect(error.field).toBe("previewImage");
    expect(await getVolunteerProfile(intruder)).toEqual(before);
    expect(await stagedCount()).toBe(1);

    // A cover staged as a profile photo is not a cover either.
    const asCover = { staged: token, uploader: uploaderOf.user(owner), kind: "cover" as const };
    expect(
      (await refusal(updateVolunteerProfile(owner, { ...profileInput, photo: asCover }))).message,
    ).toBe(STAGED_IMAGE_GONE);
    expect(await stagedCount()).toBe(1);

    const mine = await claimBy(owner, token);
    await updateVolunteerProfile(owner, { ...profileInput, photo: mine });
    expect(await stagedCount()).toBe(0);
  });

  it("a failed save puts the staged photo back (the claim rolls back with it)", async () => {
    const owner = await volunteer();
    const token = await stageFor(owner);
    const photo = await claimBy(owner, token);
    // Past the database's CHECK on the summary: the transaction fails after the claim.
    await expect(
      updateVolunteerProfile(owner, { ...profileInput, summary: "x".repeat(1300), photo }),
    ).rejects.toThrow();
    expect(await stagedCount()).toBe(1);
    await database.db.delete(stagedImages);
  });

  it("at sign-up, only the draft that staged a photo creates an account with it", async () => {
    const token = await stageImage(
      await jpeg("#be185d"),
      "profile",
      uploaderOf.draft("rascunho-a"),
      uploadQuota.signup("203.0.113.9"),
    );
    const account = (email: string, photo: Awaited<ReturnType<typeof signupPhoto>>) =>
      createVolunteerAccount({
        credentials: { email, phone: "5581988887777", passwordHash: "x" },
        name: "Rita Campos",
        resume: "Gosto de ensinar crianças a ler.",
        uf: "PE",
        city: "Recife",
        photo,
      });
    const foreign = await signupPhoto(
      new StagedImage(token),
      "profile",
      "rascunho-b",
      "203.0.113.9",
    );
    expect((await refusal(account("intruso@teste.org.br", foreign))).message).toBe(
      STAGED_IMAGE_GONE,
    );
    expect(await stagedCount()).toBe(1);
    const own = await signupPhoto(new StagedImage(token), "profile", "rascunho-a", "203.0.113.9");
    const userId = await account("dona@teste.org.br", own);
    const [row] = await database.db
      .select({ photo: volunteers.photoImageId })
      .from(volunteers)
      .where(eq(volunteers.userId, userId));
    expect(row?.photo).toBeTruthy();
    expect(await stagedCount()).toBe(0);
  });
});

describe("housekeeping", () => {
  it("deletes staged photos nobody claimed within a day, and keeps newer ones", async () => {
    const owner = await volunteer();
    const old = await stageFor(owner);
    const fresh = await stageFor(owner);
    await database.db
      .update(stagedImages)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(sql`${stagedImages.createdAt} = (select min(created_at) from staged_images)`);
    // Expired: no longer claimable even before housekeeping runs.
    expect(await findStagedImage(old, uploaderOf.user(owner))).toBeNull();
    await runHousekeeping();
    expect(await stagedCount()).toBe(1);
    expect(await findStagedImage(fresh, uploaderOf.user(owner))).not.toBeNull();
    const expired = await claimBy(owner, old);
    expect(
      (await refusal(updateVolunteerProfile(owner, { ...profileInput, photo: expired }))).message,
    ).toBe(STAGED_IMAGE_GONE);
  });
});
