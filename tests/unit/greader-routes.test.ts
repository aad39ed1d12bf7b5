import { describe, expect, it } from "vitest";
import { GREADER_ROUTES, matchGReaderRoute } from "@/lib/features/greader/routes";
import type { GReaderRoute } from "@/lib/features/greader/protocol/types";

const handle = async () => new Response("");

describe("the Google Reader route table", () => {
  it("lists each path once, without slashes at either end", () => {
    const paths = GREADER_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[^/].*[^/]$/);
  });

  it("asks the action token only on POST-only routes, and no credentials only on ClientLogin", () => {
    for (const route of GREADER_ROUTES) {
      if (route.auth === "token") expect(route.methods, route.path).toEqual(["POST"]);
      if (route.auth === "none") expect(route.path).toBe("accounts/ClientLogin");
    }
  });

  it("matches exact paths, and prefix routes with the percent-decoded rest", () => {
    const routes: GReaderRoute[] = [
      { path: "reader/api/0/stream/contents", prefix: true, methods: ["GET"], auth: "auth", handle },
      { path: "reader/api/0/stream/items/ids", methods: ["GET"], auth: "auth", handle },
    ];
    expect(matchGReaderRoute("reader/api/0/stream/items/ids", routes)).toMatchObject({ route: routes[1], rest: null });
    expect(matchGReaderRoute("reader/api/0/stream/items/ids/more", routes)).toBeNull();
    expect(matchGReaderRoute("reader/api/0/stream/contents", routes)).toMatchObject({ route: routes[0], rest: null });
    expect(
      matchGReaderRoute("reader/api/0/stream/contents/user/-/state/com.google/reading-list", routes),
    ).toMatchObject({
      rest: "user/-/state/com.google/reading-list",
    });
    expect(
      matchGReaderRoute("reader/api/0/stream/contents/feed%2Fhttps%3A%2F%2Fexample.com%2Ffeed%3Fa%3D1", routes),
    ).toMatchObject({
      rest: "feed/https://example.com/feed?a=1",
    });
    expect(matchGReaderRoute("reader/api/0/stream/contentsX", routes)).toBeNull();
    expect(matchGReaderRoute("reader/api/0/stream/contents/%E0%A4%A", routes)).toBe("bad_path");
  });
});
