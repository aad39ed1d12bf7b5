// The real-round benchmark's ideal (scripts/bench/real-rounds/measure.ts): what an hourly poller
// that sends back its validators receives from each kind of server.
import { describe, expect, it } from "vitest";
import { idealBodyBytes } from "@/scripts/bench/real-rounds/measure";
import { HOUR, type Behaviour, type Feed } from "@/scripts/bench/real-rounds/population";
import { renderFeed, STATIC_BODIES } from "@/scripts/bench/real-rounds/publisher";

const START = Date.UTC(2030, 0, 1);
const history = Array.from({ length: 20 }, (_, index) => START - (20 - index) * HOUR);
// One post 90 minutes in: the poll at 2 h is the only one after the first that sees a change.
const feedOf = (behaviour: Behaviour, goneAt: number | null = null): Feed => ({
  id: 1,
  host: 0,
  behaviour,
  velocity: "busy",
  posts: [...history, START + 1.5 * HOUR],
  goneAt,
});
const before = renderFeed(feedOf("honours"), 20).length;
const after = renderFeed(feedOf("honours"), 21).length;

describe("the ideal body bytes of an hourly conditional poller over 4 hours", () => {
  it("reads a validator-honouring feed once at first and once per change", () => {
    expect(idealBodyBytes(feedOf("honours"), START, 4)).toBe(before + after);
  });

  it.each(["ignores_validators", "churns_etag"] as const)(
    "reads a whole body on every poll of a server that %s",
    (behaviour) => {
      expect(idealBodyBytes(feedOf(behaviour), START, 4)).toBe(2 * before + 2 * after);
    },
  );

  it("reads a refused body once, and nothing from a 404, a hang or a gone feed after its 410", () => {
    expect(idealBodyBytes(feedOf("too_large"), START, 4)).toBe(STATIC_BODIES.too_large!.body.length);
    expect(idealBodyBytes(feedOf("not_found"), START, 4)).toBe(0);
    expect(idealBodyBytes(feedOf("hanging"), START, 4)).toBe(0);
    expect(idealBodyBytes(feedOf("gone", START + 0.5 * HOUR), START, 4)).toBe(before);
  });
});
