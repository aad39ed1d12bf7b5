// Liveness: the app answers and its database is reachable.
import { getDb } from "@/lib/db/client";
import { providerOf } from "@/lib/db/client";
import packageJson from "@/package.json";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const provider = providerOf(getDb());
  try {
    await getDb().setting.count();
    return Response.json({ status: "ok", database: "ok", provider, version: packageJson.version });
  } catch {
    return Response.json(
      { status: "error", database: "unreachable", provider, version: packageJson.version },
      { status: 503 },
    );
  }
}
