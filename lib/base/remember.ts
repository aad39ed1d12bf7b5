// Keeps one instance of a singleton per process. Next's register() and dev-mode reloads can
// evaluate a module more than once; globalThis survives both (documenso's `remember`).
const store = globalThis as unknown as { __tidings?: Map<string, unknown> };

export function remember<T>(name: string, create: () => T): T {
  store.__tidings ??= new Map();
  if (!store.__tidings.has(name)) store.__tidings.set(name, create());
  return store.__tidings.get(name) as T;
}

export function forget(name: string): void {
  store.__tidings?.delete(name);
}

/** The singleton if it was created, without creating it. */
export function recall<T>(name: string): T | undefined {
  return store.__tidings?.get(name) as T | undefined;
}
