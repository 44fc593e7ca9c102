import { createContext, useContext, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer: no <ContainerProvider> above this component');
  return container;
}

/** Resolves a bound service. Services are singletons resolved at start-up, so this never builds during render. */
export function useService<T>(id: ServiceIdentifier<T>): T {
  return useContainer().get<T>(id);
}
