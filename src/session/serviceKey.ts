/**
 * Typed keys for services only some builds contain (the cron store of the internal flavor): the
 * key carries the service's type and how to make it, so a tool asks `services.use(key)` and gets
 * a typed value, created once per session on first use, with no string keys and no casts.
 */

/** What a service is made from: the session it belongs to. */
export interface ServiceScope {
  readonly cwd: string;
  readonly sessionDirectory: string;
}

/** A key for one kind of service; compare by identity. */
export interface ServiceKey<T> {
  readonly name: string;
  create(scope: ServiceScope): T;
  /** Releases what the service holds when the session closes. */
  close?(service: T): void | Promise<void>;
}

/** Declares a service kind. */
export function defineService<T>(key: ServiceKey<T>): ServiceKey<T> {
  return key;
}
