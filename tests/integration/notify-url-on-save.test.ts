// A notify URL that every delivery would refuse (cloud metadata, a private or unspecified address)
// is refused when it is saved, with the reason, and the stored settings stay as they were; the
// documented loopback exception is saved.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { submitNotifySettings } from "@/lib/features/notify/submit-notify-settings";
import { readSetting } from "@/lib/settings/setting-store";

let database: FreshDatabase;

beforeAll(async () => {
  database = await createFreshDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.setting.deleteMany();
  await submitNotifySettings(database.db, { url: "https://ntfy.example/topic", format: "ntfy" }, false);
});

const stored = async () => [
  await readSetting(database.db, "notifyUrl"),
  await readSetting(database.db, "notifyFormat"),
];

describe("the notify URL on save", () => {
  it.each([
    ["http://169.254.169.254/latest", /169\.254\.169\.254 is not a public address \(link-local \(cloud metadata\)\)/],
    [
      "http://[::ffff:169.254.169.254]/latest",
      /::ffff:a9fe:a9fe is not a public address \(link-local \(cloud metadata\)\)/,
    ],
    ["http://0.0.0.0:8080/topic", /0\.0\.0\.0 is not a public address \(unspecified/],
    [
      "http://10.0.0.5/message?token=t",
      /10\.0\.0\.5 is not a public address \(private\).*TIDINGS_ALLOW_PRIVATE_NETWORKS/,
    ],
  ])("%s is refused with the reason, and nothing changes", async (url, reason) => {
    const state = await submitNotifySettings(database.db, { url, format: "gotify" }, false);
    expect(state).toEqual({
      status: "error",
      fieldErrors: { url: [expect.stringMatching(reason)] },
      submitted: { url, format: "gotify" },
    });
    expect(await stored()).toEqual(["https://ntfy.example/topic", "ntfy"]);
    // The LAN switch is advised only where a LAN receiver could be.
    expect(state.fieldErrors.url?.[0]?.includes("TIDINGS_ALLOW_PRIVATE_NETWORKS")).toBe(url.includes("10.0.0.5"));
  });

  it.each(["http://localhost:8080/topic", "http://127.0.0.1:8080/topic", "http://[::1]:8080/topic"])(
    "%s, this machine's loopback, is saved as documented",
    async (url) => {
      expect((await submitNotifySettings(database.db, { url, format: "ntfy" }, false)).status).toBe("saved");
      expect(await stored()).toEqual([url, "ntfy"]);
    },
  );

  it("a LAN receiver is saved when TIDINGS_ALLOW_PRIVATE_NETWORKS allows it, metadata addresses too (as for feeds)", async () => {
    const url = "http://192.168.1.9/message?token=t";
    expect((await submitNotifySettings(database.db, { url, format: "gotify" }, true)).status).toBe("saved");
    expect(await stored()).toEqual([url, "gotify"]);
  });
});
