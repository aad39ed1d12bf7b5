// Without a password, Tidings must not be reachable from the network: anyone there could read
// the owner's feeds and change the subscriptions (and make the server fetch URLs for them).
import { isLoopbackName } from "@/lib/features/auth/allowed-hosts";

export type Exposure = { allowed: boolean; message: string };

export function checkExposure(bindHost: string, passwordFrom: "environment" | "database" | "none"): Exposure {
  const name = bindHost.includes(":") && !bindHost.startsWith("[") ? `[${bindHost}]` : bindHost.toLowerCase();
  if (passwordFrom !== "none") {
    return { allowed: true, message: `login required (password from the ${passwordFrom}); listening on ${bindHost}` };
  }
  if (isLoopbackName(name)) {
    return {
      allowed: true,
      message: `no password set: listening on ${bindHost} only, so only this machine can reach Tidings (set TIDINGS_PASSWORD or run \`tidings password\` to open it to others)`,
    };
  }
  return {
    allowed: false,
    message: `TIDINGS_HOST=${bindHost} would let anyone on the network use Tidings without a password: set TIDINGS_PASSWORD (or run \`tidings password\`), or leave TIDINGS_HOST unset to listen on 127.0.0.1 only`,
  };
}
