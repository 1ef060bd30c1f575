import type { DependencyContainer, InjectionToken } from 'tsyringe';
import { TOKENS } from './tokens';

type ServiceOf<T> = T extends InjectionToken<infer U> ? U : never;

/**
 * One value per core token: a token added to TOKENS is a compile error in every place
 * that provides core's services (the gateway's start, check-config's offline stand-ins)
 * until it is provided there too, so the two cannot drift apart.
 */
export type CoreServices = { [K in keyof typeof TOKENS]: ServiceOf<(typeof TOKENS)[K]> };

/** Registers core's services in a container, each under its token. */
export function registerCoreServices(container: DependencyContainer, services: CoreServices): void {
  for (const name of Object.keys(TOKENS) as Array<keyof typeof TOKENS>) {
    container.register(TOKENS[name], { useValue: services[name] });
  }
}
