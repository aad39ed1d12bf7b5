// The shared HTTP client: undici Agents memoised on globalThis (Next's register() and dev reloads
// can evaluate this module more than once; sockets must not leak per evaluation).
import { Agent, request, type Dispatcher } from "undici";
import { buildGuardedConnector } from "./guarded-connector";

/**
 * One Agent per (network policy, connect timeout); in production that is a single entry.
 * Policies get separate Agents, not a flag read by one lookup, because keep-alive sockets are pooled
 * per Agent: a socket opened to a private address under a permissive call must never be reused by a
 * strict one, and a per-call flag would race between concurrent calls.
 */
type AgentKey = `${"strict" | "permissive"}:${number}`;
const store = globalThis as typeof globalThis & { tidingsFetchAgents?: Map<AgentKey, Agent> };

export function getAgent(input: { allowPrivateNetworks: boolean; connectTimeoutMs: number }): Agent {
  const agents = (store.tidingsFetchAgents ??= new Map());
  const key: AgentKey = `${input.allowPrivateNetworks ? "permissive" : "strict"}:${input.connectTimeoutMs}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    agent = input.allowPrivateNetworks
      ? new Agent({ connectTimeout: input.connectTimeoutMs })
      : new Agent({ connect: buildGuardedConnector(input.connectTimeoutMs) });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes every memoised Agent (graceful shutdown, end of a test run). */
export async function closeAgents(): Promise<void> {
  const agents = store.tidingsFetchAgents;
  store.tidingsFetchAgents = undefined;
  await Promise.all([...(agents?.values() ?? [])].map((agent) => agent.close()));
}

/**
 * One GET, no redirect following (undici 7's request() never follows; we do it ourselves so every hop
 * is checked and recorded). Per-request headers/body timeouts stay within the total budget.
 */
export function sendRequest(
  url: URL,
  input: { agent: Agent; headers: Record<string, string>; signal: AbortSignal; timeoutMs: number },
): Promise<Dispatcher.ResponseData> {
  return request(url, {
    method: "GET",
    dispatcher: input.agent,
    headers: input.headers,
    signal: input.signal,
    headersTimeout: input.timeoutMs,
    bodyTimeout: input.timeoutMs,
  });
}
