// Without a password, Tidings must not be reachable from the network: anyone there could read
// the owner's feeds and change the subscriptions (and make the server fetch URLs for them), or,
// before the first user exists, make themselves its admin at /setup.
import { isLoopbackName } from "@/lib/features/auth/allowed-hosts";
import type { LoginMode } from "@/lib/features/auth/auth-state";

export type Exposure = { allowed: boolean; message: string };

export function checkExposure(bindHost: string, mode: LoginMode): Exposure {
  const name = bindHost.includes(":") && !bindHost.startsWith("[") ? `[${bindHost}]` : bindHost.toLowerCase();
  if (mode === "login")
    return { allowed: true, message: `login required (user name and password); listening on ${bindHost}` };
  if (isLoopbackName(name)) {
    return {
      allowed: true,
      message:
        mode === "setup"
          ? `no user yet: open /setup in a browser on this machine to create the admin (listening on ${bindHost} only)`
          : `no password set: listening on ${bindHost} only, so only this machine can reach Tidings (set TIDINGS_PASSWORD or run \`tidings password\` to open it to others)`,
    };
  }
  return {
    allowed: false,
    message: `TIDINGS_HOST=${bindHost} would let anyone on the network use Tidings without a password: set TIDINGS_PASSWORD (or run \`tidings password\` or \`tidings user add NAME --admin\`), or leave TIDINGS_HOST unset to listen on 127.0.0.1 only`,
  };
}
