// The round lease after kill -9 (issue 17): the holder records its process (host, pid, boot id,
// start time), so a lease left by a process that is gone from this machine is free at once,
// while a live process's lease, and one held on another machine, stand until they expire.
import { afterAll, describe, expect, it } from "vitest";
import { runRound } from "@/lib/pipeline/round/run-round";
import { ROUND_LEASE } from "@/lib/pipeline/store/fetch/lease";
import { currentHolderProcess } from "@/lib/base/holder-process";
import { hangBeforeHeaders, feed, SAMPLE_RSS } from "@/tests/helpers/publisher";
import { setUpRoundWorld } from "@/tests/helpers/round-world";
import { addDueSource, makeAllDue, testRoundSettings } from "@/tests/helpers/round-fixtures";
import { startCli, type RunningCli } from "@/tests/helpers/killable-cli";

const world = setUpRoundWorld();
const running = new Set<RunningCli>();
afterAll(async () => {
  await Promise.all([...running].map((cli) => cli.kill()));
});

/** Polls until the lease is held by another process than this one (the CLI's round started). */
async function waitForForeignLease(cli: RunningCli): Promise<{ holderPid: number | null }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !cli.hasExited()) {
    const lease = await world.database.db.lease.findUnique({ where: { name: ROUND_LEASE } });
    if (lease && lease.holderPid !== null && lease.holderPid !== process.pid && lease.expiresAt.getTime() > Date.now())
      return lease;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exit = cli.hasExited() ? await cli.exited : null;
  throw new Error(`the CLI never took the round lease${exit ? `; it exited: ${exit.stdout}${exit.stderr}` : ""}`);
}

describe("the round lease and its holder's process", () => {
  it("is respected while its holder runs, and free at once after the holder was killed with SIGKILL", async () => {
    // The CLI's round takes the lease, then waits on a publisher that never answers.
    world.publisher.setRoute("/hang.xml", hangBeforeHeaders());
    world.publisher.setRoute("/ok.xml", feed({ body: SAMPLE_RSS }));
    await addDueSource(world.database.db, world.publisher.url("/hang.xml"));
    const cli = startCli(["round"], {
      DATABASE_URL: world.database.url,
      TIDINGS_ALLOW_PRIVATE_NETWORKS: "true",
      TIDINGS_FETCH_TIMEOUT_MS: "120000",
    });
    running.add(cli);
    const lease = await waitForForeignLease(cli);
    expect(lease.holderPid).toBe(cli.pid);

    await addDueSource(world.database.db, world.publisher.url("/ok.xml"));
    const whileAlive = await runRound(world.database.db, testRoundSettings({ instanceId: "restarted" }), {
      trigger: "cli",
    });
    expect(whileAlive).toEqual({ status: "skipped", reason: "another Tidings instance is running a round" });

    await cli.kill();
    running.delete(cli);
    world.publisher.setRoute("/hang.xml", feed({ body: SAMPLE_RSS }));
    const afterKill = await runRound(world.database.db, testRoundSettings({ instanceId: "restarted" }), {
      trigger: "cli",
    });
    expect(afterKill.status).toBe("completed");
    const taken = await world.database.db.lease.findUniqueOrThrow({ where: { name: ROUND_LEASE } });
    expect(taken).toMatchObject({ holder: "restarted", holderPid: process.pid });
  });

  it("is respected until it expires when its holder ran on another machine, even with a pid that is free here", async () => {
    await addDueSource(world.database.db, world.publisher.url("/ok.xml"));
    const here = currentHolderProcess();
    const expiresAt = new Date(Date.now() + 600_000);
    const dead = { holderPid: 2 ** 22 + 17, holderBootId: here.bootId, holderStartTicks: "1" };
    await world.database.db.lease.create({
      data: {
        name: ROUND_LEASE,
        holder: "elsewhere",
        acquiredAt: new Date(),
        expiresAt,
        holderHost: `not-${here.host}`,
        ...dead,
      },
    });
    const report = await runRound(world.database.db, testRoundSettings({ instanceId: "local" }), { trigger: "cli" });
    expect(report.status).toBe("skipped");

    // The same row on this machine: the pid is gone, so the lease is free.
    await world.database.db.lease.update({ where: { name: ROUND_LEASE }, data: { holderHost: here.host } });
    await makeAllDue(world.database.db);
    expect(
      (await runRound(world.database.db, testRoundSettings({ instanceId: "local" }), { trigger: "cli" })).status,
    ).toBe("completed");
  });
});
