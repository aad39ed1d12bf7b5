// The usual world of a round test: a fresh database and a local publisher for the whole file,
// emptied of sources before each test. Registers its own vitest hooks.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createFreshDatabase, type FreshDatabase } from "@/tests/helpers/fresh-database";
import { startPublisher, type Publisher } from "@/tests/helpers/publisher";

export type RoundWorld = { database: FreshDatabase; publisher: Publisher };

export function setUpRoundWorld(): RoundWorld {
  const world = {} as RoundWorld;
  beforeAll(async () => {
    world.database = await createFreshDatabase();
    world.publisher = await startPublisher();
  });
  afterAll(async () => {
    await world.publisher?.close();
    await world.database?.dispose();
  });
  beforeEach(async () => {
    // Sources take their fetches, articles and events with them (cascade).
    await world.database.db.source.deleteMany();
    // The fleet's drift roll-up belongs to no source (a removed source's fetches were the rounds' work).
    await world.database.db.fetchDrift.deleteMany();
    await world.database.db.userFolder.deleteMany();
    await world.database.db.hostState.deleteMany();
    await world.database.db.robotsTxt.deleteMany();
    await world.database.db.lease.deleteMany();
    world.publisher.clearRequests();
  });
  return world;
}
