import 'reflect-metadata/lite';
import { Container, ContainerModule } from 'inversify';

export { Container, ContainerModule };
export { inject, injectable, optional, unmanaged } from 'inversify';
export type { ServiceIdentifier, ContainerModuleLoadOptions } from 'inversify';

/** The one place a container is made: singletons by default, because every core service is app-wide. */
export function createContainer(...modules: ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  if (modules.length) container.load(...modules);
  return container;
}
